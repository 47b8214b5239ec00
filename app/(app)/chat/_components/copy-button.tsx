'use client';

import { CheckIcon, CopyIcon } from './icons';
import { useCopyToClipboard } from './use-copy-to-clipboard';

/** An icon button that copies `text`; its name turns into "Copied" for a moment, visibly and for screen readers. */
export function CopyButton({ text, label = 'Copy', className = 'icon-button' }: { text: string; label?: string; className?: string }) {
  const { state, copy } = useCopyToClipboard();
  const name = state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label;
  return (
    <button type="button" className={className} onClick={() => copy(text)} aria-label={name} title={name}>
      {state === 'copied' ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
      {state !== 'idle' && (
        <span className="copy-feedback" aria-live="polite">
          {name}
        </span>
      )}
    </button>
  );
}
