import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * A sortable image list tells screen readers in Spanish (issue 29, item 11): its instructions, then what
 * happens when the image named `handleName` is lifted with Space and put back with Escape. dnd-kit's live
 * region keeps the last announcement: lifted, then over its own place.
 */
export async function expectSortableImagesInSpanish(handleName: RegExp): Promise<void> {
  expect(document.body.textContent).toContain('Para cambiar el orden de una imagen, pulsa Espacio o Intro para cogerla');
  expect(document.body.textContent).not.toContain('To pick up a draggable item');
  const handle = screen.getByRole('button', { name: handleName });
  handle.focus();
  fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
  await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^(Has cogido la imagen 1\.|La imagen 1 está sobre la posición 1\.)$/));
  // dnd-kit listens for the next keys from the task after the one that lifted it, as a person's next key
  // always comes (announced at once, the lift can be read before that).
  await new Promise((resolve) => setTimeout(resolve, 0));
  fireEvent.keyDown(handle, { code: 'Escape', key: 'Escape' });
  await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Cancelado: la imagen 1 se queda donde estaba.'));
}
