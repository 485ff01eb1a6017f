import { describe, it } from 'vitest';
import { renderWithProviders } from '../../../test-support/render.tsx';
import { expectSortableImagesInSpanish } from '../../../test-support/sortable-announcements.ts';
import { PostImagesEditor } from './post-images-editor.tsx';

// Issue 29 (11): the sortable images told screen readers dnd-kit's English defaults on Spanish screens.
describe("the edit-post dialog's images, for screen readers", () => {
  it("the edit-post dialog's images speak Spanish", async () => {
    const images = [1, 2].map((id) => ({ id, url: `/i${id}.jpg`, status: 'pending' as const, alt_text: '' }));
    renderWithProviders(<PostImagesEditor images={images} onChange={() => {}} />);
    await expectSortableImagesInSpanish(/Mover la imagen 1/);
  });
});
