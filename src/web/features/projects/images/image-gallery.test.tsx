import { describe, it } from 'vitest';
import { renderWithProviders } from '../../../test-support/render.tsx';
import { expectSortableImagesInSpanish } from '../../../test-support/sortable-announcements.ts';
import { ImageGallery } from './image-gallery.tsx';

// Issue 29 (11): the sortable images told screen readers dnd-kit's English defaults on Spanish screens.
describe('the project images gallery, for screen readers', () => {
  it("the project form's gallery speaks Spanish", async () => {
    const images = [1, 2].map((n) => ({ key: `k${n}`, src: `/i${n}.jpg`, name: `foto${n}.jpg`, selected: true }));
    renderWithProviders(<ImageGallery images={images} onReorder={() => {}} onToggle={() => {}} onRemove={() => {}} />);
    await expectSortableImagesInSpanish(/Mover la imagen 1/);
  });
});
