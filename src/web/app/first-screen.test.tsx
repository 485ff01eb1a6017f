import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LaterOnFirstScreen, stageFirstScreen } from './first-screen.tsx';

function Screen() {
  return (
    <>
      <p>shell</p>
      <LaterOnFirstScreen step={2}>
        <p>footer</p>
      </LaterOnFirstScreen>
      <LaterOnFirstScreen step={1}>
        <p>page</p>
      </LaterOnFirstScreen>
    </>
  );
}

describe('the first screen in steps (issue 23)', () => {
  it('renders everything at once when the app is not starting (a later page, a test)', () => {
    render(<Screen />);
    expect(screen.getByText('page')).toBeTruthy();
    expect(screen.getByText('footer')).toBeTruthy();
  });

  it("on the app's start, shows the screen first and its parts a task each, lower steps first; then at once again", async () => {
    stageFirstScreen();
    const shown: string[] = [];
    const observer = new MutationObserver(() => {
      for (const text of ['page', 'footer']) if (!shown.includes(text) && screen.queryByText(text)) shown.push(text);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const { unmount } = render(<Screen />);
    expect(screen.getByText('shell')).toBeTruthy();
    expect(screen.queryByText('page')).toBeNull();
    expect(screen.queryByText('footer')).toBeNull();
    await waitFor(() => expect(screen.queryByText('footer')).toBeTruthy());
    observer.disconnect();
    expect(shown).toEqual(['page', 'footer']);
    unmount();
    render(<Screen />);
    expect(screen.getByText('footer')).toBeTruthy();
  });
});
