/**
 * Questions about what already happened: "remind me when i had that shopify interview", "when did
 * my physio appointment end up being?", "八月那次产检最后是几号". A plan whose day has passed is no
 * answer to "what's coming up" (it is never injected for that), but it is the answer to these: the
 * lexical route's expired plans may then come back, dated, like any past event.
 */
const PAST_EN =
  /\b(?:when (?:did|was|were|had)|when i had|did i (?:end up|ever|actually|go|get|have)|how did (?:it|that|my|the|i)\b.*\b(?:go|turn out|end up)|end(?:ed)? up (?:being|on|at|going)|last (?:time|one)|back then|the other (?:day|week)|what (?:day|date) (?:was|did))\b/i;
const PAST_ZH = /上次|那次|那回|去哪(?:儿|里)?(?:玩)?了|之前.{0,8}(?:是|在|去|做)|最后是|最后定在|后来|结果(?:是|怎么样)|去了哪|哪天去的|什么时候去的|怎么样了/;
// "when is my next physio?" and "what's coming up" look ahead, whatever else they say.
const AHEAD = /\b(?:next|coming up|upcoming|soon|this (?:week|weekend|month)|tomorrow|will|going to|gonna)\b|下次|接下来|下周|下个月|明天|最近有啥安排|要准备/i;

export function asksAboutThePast(message: string): boolean {
  return !AHEAD.test(message) && (PAST_EN.test(message) || PAST_ZH.test(message));
}
