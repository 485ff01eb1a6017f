import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makePost, serve } from '../../../test-support/post-fixtures.ts';
import { renderWithData } from '../../../test-support/render.tsx';
import { RewriteDialog } from './rewrite-dialog.tsx';
import { TextVersions } from './text-versions.tsx';

/** Issue 24 item 5: one post written again with a note, and its earlier texts brought back. */
describe('writing a post again', () => {
  it('sends the note, says it is done and closes; refuses a note over 300 characters', async () => {
    const calls = serve(() => ({ status: 200, body: makePost() }));
    const onClose = vi.fn();
    renderWithData(<RewriteDialog opened post={makePost({ sequence: 2 })} onClose={onClose} />, { language: 'es' });
    const note = screen.getByRole('textbox', { name: 'Indicación (opcional)' });
    fireEvent.change(note, { target: { value: 'x'.repeat(301) } });
    expect(screen.getByText('La indicación no puede superar los 300 caracteres')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Reescribir' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(note, { target: { value: '  más corta  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reescribir' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([{ url: '/api/posts/1/rewrite', method: 'POST', body: { note: 'más corta' } }]);
    expect(await screen.findByText('Publicación 2 reescrita')).toBeTruthy();
  });

  it("shows the writer's failure in the dialog, which stays open", async () => {
    serve(() => ({ status: 502, body: { error: { code: 'GENERATION_AI_FAILED', message: 'The AI service failed' } } }));
    const onClose = vi.fn();
    renderWithData(<RewriteDialog opened post={makePost()} onClose={onClose} />, { language: 'en' });
    fireEvent.click(screen.getByRole('button', { name: 'Write again' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('lists the earlier texts, newest first, and brings one back', async () => {
    const calls = serve((call) =>
      call.url.endsWith('/versions')
        ? {
            status: 200,
            body: {
              items: [
                { id: 9, text: 'Texto reescrito antes', linkedin_text: null, replaced_by: 'rewrite', created_at: '2026-06-02T10:00:00Z' },
                { id: 8, text: 'Primer texto', linkedin_text: null, replaced_by: 'edit', created_at: '2026-06-01T10:00:00Z' },
              ],
            },
          }
        : { status: 200, body: makePost() },
    );
    const onRestored = vi.fn();
    renderWithData(<TextVersions post={makePost()} onRestored={onRestored} />, { language: 'en' });
    await screen.findByText('Before it was written again on 02-06-2026');
    expect(screen.getByText('Before it was edited on 01-06-2026')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Bring back' })[1]!);
    await waitFor(() => expect(onRestored).toHaveBeenCalled());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([{ url: '/api/posts/1/versions/8/restore', method: 'POST', body: {} }]);
  });
});
