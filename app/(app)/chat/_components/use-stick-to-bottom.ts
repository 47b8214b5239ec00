'use client';

import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';

// Within this many pixels of the end counts as "at the bottom", so sub-pixel scroll positions and
// the last line growing while it streams do not unpin the view.
const PINNED_THRESHOLD_PX = 80;

/**
 * Keeps a scroll container pinned to its end while content grows (a reply streaming in), but
 * only while the reader is already at the end: scrolling up to re-read stops the following.
 */
export function useStickToBottom<T extends HTMLElement>(): {
  ref: RefObject<T | null>;
  onScroll: () => void;
  scrollToBottom: () => void;
} {
  const ref = useRef<T>(null);
  const pinned = useRef(true);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < PINNED_THRESHOLD_PX;
  }, []);

  const scrollToBottom = useCallback(() => {
    pinned.current = true;
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  // After every render: content may have grown by a streamed token. One property write when pinned.
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  });

  return { ref, onScroll, scrollToBottom };
}
