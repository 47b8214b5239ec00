/** Three pulsing dots while a reply has not produced text yet. */
export function TypingIndicator() {
  return (
    <span className="typing-indicator" role="status" aria-label="Mindbase is replying">
      <span />
      <span />
      <span />
    </span>
  );
}
