import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makePost } from '../../../test-support/post-fixtures.ts';
import { renderWithProviders } from '../../../test-support/render.tsx';
import { ProjectApprovals } from './project-approvals.tsx';

const awaiting = (id: number, projectId: number, canApprove = true) =>
  makePost({
    id,
    project_id: projectId,
    project_title: `Proyecto ${projectId}`,
    state: 'awaiting_approval',
    can_approve: canApprove,
    updated_at: `2026-06-0${id}T10:00:00Z`,
  });

describe("ProjectApprovals: a project's posts decided at once (issue 25)", () => {
  it('offers it only for a project with several posts the viewer can approve, and hands them over as read', () => {
    const onDecide = vi.fn();
    const posts = [awaiting(1, 7), awaiting(2, 8), awaiting(3, 7), awaiting(4, 9), awaiting(5, 9, false), makePost({ id: 6, project_id: 7 })];
    renderWithProviders(<ProjectApprovals posts={posts} onDecide={onDecide} />, 'en');
    expect(screen.getByText('Proyecto 7: 2 posts await your approval')).toBeTruthy();
    expect(screen.queryByText(/Proyecto 8/)).toBeNull();
    expect(screen.queryByText(/Proyecto 9/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Approve all 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ask for changes on all 2' }));
    expect(onDecide.mock.calls.map(([decision, target]) => [decision, target.projectId, target.posts.map((post: { id: number }) => post.id)])).toEqual([
      ['approve', 7, [1, 3]],
      ['requestChanges', 7, [1, 3]],
    ]);
  });

  it('shows nothing when no project has several', () => {
    const { container } = renderWithProviders(<ProjectApprovals posts={[awaiting(1, 7), awaiting(2, 8)]} onDecide={() => {}} />, 'es');
    expect(container.querySelector('[data-project-approval]')).toBeNull();
  });
});
