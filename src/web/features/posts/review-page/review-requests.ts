import type { Review, ReviewPost } from '../../../../domain/review-link.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The public review routes (decision 043): no session, the link's token in the path. */
const base = (token: string) => `/api/review/${encodeURIComponent(token)}`;

export const fetchReview = (token: string) => apiRequest<Review>(base(token));

export interface ApproveBody {
  name: string;
  updated_at: string;
  publish_on?: string;
  publish_time?: string;
}

export const approvePost = (token: string, postId: number, body: ApproveBody) =>
  apiRequest<ReviewPost>(`${base(token)}/posts/${postId}/approve`, { method: 'POST', body });

export const requestChanges = (token: string, postId: number, body: { name: string; updated_at: string; comment: string }) =>
  apiRequest<ReviewPost>(`${base(token)}/posts/${postId}/request-changes`, { method: 'POST', body });
