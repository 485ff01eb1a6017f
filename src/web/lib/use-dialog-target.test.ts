import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDialogTarget } from './use-dialog-target.ts';

describe('useDialogTarget', () => {
  it('opens on a target and keeps it after closing, so the dialog does not empty as it fades out', () => {
    const { result } = renderHook(() => useDialogTarget<{ id: number }>());
    expect(result.current).toMatchObject({ target: null, opened: false });
    act(() => result.current.open({ id: 7 }));
    expect(result.current).toMatchObject({ target: { id: 7 }, opened: true });
    act(() => result.current.close());
    expect(result.current).toMatchObject({ target: { id: 7 }, opened: false });
    act(() => result.current.open({ id: 8 }));
    expect(result.current).toMatchObject({ target: { id: 8 }, opened: true });
  });

  it('starts from the target given, before any is opened', () => {
    const { result } = renderHook(() => useDialogTarget<{ id: number } | 'new'>('new'));
    expect(result.current).toMatchObject({ target: 'new', opened: false });
  });
});
