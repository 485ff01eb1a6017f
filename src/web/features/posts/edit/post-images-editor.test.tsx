import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-support/render.tsx';
import { PostImagesEditor } from './post-images-editor.tsx';

// Issue 29 (11): the sortable images told screen readers dnd-kit's English defaults on Spanish screens.
describe("the edit-post dialog's images, for screen readers", () => {
  const expectSpanish = async (handleName: RegExp) => {
    expect(document.body.textContent).toContain('Para cambiar el orden de una imagen, pulsa Espacio o Intro para cogerla');
    expect(document.body.textContent).not.toContain('To pick up a draggable item');
    const handle = screen.getByRole('button', { name: handleName });
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    // dnd-kit's live region keeps the last announcement: lifted, then over its own place.
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^(Has cogido la imagen 1\.|La imagen 1 está sobre la posición 1\.)$/));
    fireEvent.keyDown(handle, { code: 'Escape', key: 'Escape' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Cancelado: la imagen 1 se queda donde estaba.'));
  };

  it("the edit-post dialog's images speak Spanish", async () => {
    const images = [1, 2].map((id) => ({ id, url: `/i${id}.jpg`, status: 'pending' as const }));
    renderWithProviders(<PostImagesEditor images={images} onChange={() => {}} />);
    await expectSpanish(/Mover la imagen 1/);
  });
});
