'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

export type CopyState = 'idle' | 'copied' | 'failed';

async function writeClipboard(text: string): Promise<void> {
  // navigator.clipboard is missing outside secure contexts (plain http on a LAN address).
  if (typeof navigator.clipboard?.writeText === 'function') {
    await navigator.clipboard.writeText(text);
    return;
  }
  const scratch = document.createElement('textarea');
  scratch.value = text;
  scratch.setAttribute('readonly', '');
  scratch.style.position = 'fixed';
  scratch.style.opacity = '0';
  document.body.append(scratch);
  scratch.select();
  try {
    if (!document.execCommand('copy')) throw new Error('Copy was refused.');
  } finally {
    scratch.remove();
  }
}

/** Copies text and reports "copied" (or "failed") for a moment, for a button label. */
export function useCopyToClipboard(resetAfterMs = 2000): { state: CopyState; copy: (text: string) => void } {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    (text: string) => {
      const settle = (next: CopyState) => {
        setState(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setState('idle'), resetAfterMs);
      };
      writeClipboard(text).then(
        () => settle('copied'),
        () => settle('failed'),
      );
    },
    [resetAfterMs],
  );
  return { state, copy };
}
