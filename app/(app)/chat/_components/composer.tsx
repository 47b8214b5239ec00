'use client';

import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { config } from '@/server/config';
import { SendIcon, StopIcon } from './icons';

const MAX_CHARS = config.chat.maxMessageChars;
// The counter appears near the limit, so it is there before it matters and absent otherwise.
const COUNTER_FROM_CHARS = Math.floor(MAX_CHARS * 0.9);
const MAX_HEIGHT_PX = 240;

const formatCount = (n: number) => n.toLocaleString('en-US');

interface ComposerProps {
  /** A reply is being requested or streamed: no sending, and the button stops it instead. */
  busy: boolean;
  /** Resolves false when the message was not sent (the text then stays in the box). */
  onSend: (text: string) => Promise<boolean>;
  onStop: () => void;
  autoFocus: boolean;
  /** Text to put in an empty box (a draft handed over from the page before). */
  prefill?: string | null;
  /** Called with the unsent text when the composer goes away. */
  onLeave?: (text: string) => void;
}

export function Composer({ busy, onSend, onStop, autoFocus, prefill, onLeave }: ComposerProps) {
  const [text, setText] = useState('');
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (prefill) setText((current) => (current === '' ? prefill : current));
  }, [prefill]);
  // The latest text and callback, read once when the composer unmounts.
  const leaving = useRef({ text, onLeave });
  leaving.current = { text, onLeave };
  useEffect(
    () => () => {
      const { text: unsent, onLeave: leave } = leaving.current;
      leave?.(unsent);
    },
    [],
  );
  const length = text.length;
  const overBy = length - MAX_CHARS;
  const canSend = !busy && text.trim() !== '' && overBy <= 0;

  // Grow with the text up to a cap, then scroll inside.
  useLayoutEffect(() => {
    const el = textareaRef.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [text]);

  // A disabled textarea drops focus; give it back when the reply is done so typing can go on.
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy && document.activeElement === document.body) textareaRef.current?.focus();
    wasBusy.current = busy;
  }, [busy]);

  function submit() {
    if (!canSend) return;
    const sent = text;
    setText('');
    void onSend(sent).then((ok) => {
      // Put it back unless something new was typed meanwhile.
      if (!ok) setText((current) => (current === '' ? sent : current));
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // isComposing: Enter that confirms an IME candidate (Chinese, Japanese…) is not "send".
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <div className="composer-wrap">
      <form className="composer" data-invalid={overBy > 0} onSubmit={onSubmit}>
        <textarea
          ref={textareaRef}
          aria-label="Message"
          aria-invalid={overBy > 0}
          aria-describedby={overBy > 0 ? 'composer-error' : undefined}
          placeholder="Message Mindbase"
          rows={1}
          value={text}
          disabled={busy}
          autoFocus={autoFocus}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {busy ? (
          <button type="button" className="composer-button" aria-label="Stop" title="Stop" onClick={onStop}>
            <StopIcon size={16} />
          </button>
        ) : (
          <button type="submit" className="composer-button primary" aria-label="Send" title="Send" disabled={!canSend}>
            <SendIcon size={18} />
          </button>
        )}
      </form>
      <div className="composer-footer">
        {overBy > 0 ? (
          <p id="composer-error" className="composer-error" role="alert">
            Your message is {formatCount(overBy)} {overBy === 1 ? 'character' : 'characters'} over the {formatCount(MAX_CHARS)}-character limit.
            Shorten it to send.
          </p>
        ) : (
          <p className="composer-hint">Enter to send, Shift+Enter for a new line</p>
        )}
        {length >= COUNTER_FROM_CHARS && (
          <span className="composer-counter" data-over={overBy > 0}>
            {formatCount(length)} / {formatCount(MAX_CHARS)}
          </span>
        )}
      </div>
    </div>
  );
}
