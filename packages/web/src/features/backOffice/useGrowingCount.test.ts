import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useGrowingCount } from './useGrowingCount';

describe('a long list drawn in steps', () => {
  it('draws the first rows at once and every row soon after', async () => {
    const { result } = renderHook(() => useGrowingCount(1000, '2026-11-23'));
    expect(result.current).toBe(30);
    await waitFor(() => expect(result.current).toBe(1000));
  });

  it('draws a short list whole at once', () => {
    const { result } = renderHook(() => useGrowingCount(12, '2026-11-23'));
    expect(result.current).toBe(12);
  });

  it('starts again from the first rows for another range of days', async () => {
    const { result, rerender } = renderHook(({ from }) => useGrowingCount(500, from), { initialProps: { from: '2026-11-23' } });
    await waitFor(() => expect(result.current).toBe(500));
    rerender({ from: '2026-11-30' });
    expect(result.current).toBe(30);
    await waitFor(() => expect(result.current).toBe(500));
  });
});

describe('a list searched again while it is still growing', () => {
  it('draws every row of the last search', async () => {
    const { result, rerender } = renderHook(({ search }) => useGrowingCount(50, search, 15, 15), { initialProps: { search: 'a' } });
    rerender({ search: 'ab' });
    rerender({ search: 'abc' });
    expect(result.current).toBe(15);
    await waitFor(() => expect(result.current).toBeGreaterThan(15));
    rerender({ search: 'abcd' });
    expect(result.current).toBe(15);
    await waitFor(() => expect(result.current).toBe(50));
  });
});
