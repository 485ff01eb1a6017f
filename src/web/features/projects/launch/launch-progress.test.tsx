import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GenerationStatus } from '../../../../domain/generation.ts';
import { serve } from '../../../test-support/post-fixtures.ts';
import { renderWithData } from '../../../test-support/render.tsx';
import { LaunchProgress } from './launch-progress.tsx';

/** The launch screen against the generation status the server gives (the live stream is not open in jsdom). */
describe('LaunchProgress', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the project and the stage the job is in, and tells the page when it failed, with the reason', async () => {
    let status: GenerationStatus = { projectId: 4, status: 'running', stage: 'preparing', error: null };
    serve(() => ({ status: 200, body: status }));
    const onFailed = vi.fn();
    const onSucceeded = vi.fn();
    renderWithData(<LaunchProgress projectId={4} projectTitle="Casa Montseny" onSucceeded={onSucceeded} onFailed={onFailed} />, { language: 'en' });
    expect(await screen.findByRole('dialog', { name: 'Launching "Casa Montseny"' })).toBeTruthy();
    expect(screen.getByText('Preparing the project…')).toBeTruthy();
    status = { projectId: 4, status: 'failed', stage: null, error: { code: 'GENERATION_WEBHOOK_FAILED', message: 'Error calling webhook (500)' } };
    await waitFor(() => expect(onFailed).toHaveBeenCalledWith({ code: 'GENERATION_WEBHOOK_FAILED', message: 'Error calling webhook (500)' }), {
      timeout: 4000,
    });
    expect(onSucceeded).not.toHaveBeenCalled();
  });

  it('says it succeeded once the bar has run to its end', async () => {
    serve(() => ({ status: 200, body: { projectId: 4, status: 'succeeded', stage: 'finalizing', error: null } satisfies GenerationStatus }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onSucceeded = vi.fn();
    renderWithData(<LaunchProgress projectId={4} projectTitle="Casa" onSucceeded={onSucceeded} onFailed={vi.fn()} />, { language: 'es' });
    await screen.findByText('Lanzando «Casa»');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onSucceeded).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5_500);
    await waitFor(() => expect(onSucceeded).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Finalizando…')).toBeTruthy();
    vi.useRealTimers();
  });
});
