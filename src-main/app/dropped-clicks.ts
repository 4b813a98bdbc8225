// The words for clicks the core dropped because their counter went away (deleted, or no
// longer shared) before they could be sent: nothing of them reached the server.
export function droppedClicksNotice(amount: number, name: string): string {
  const what = amount === 0 ? 'Your clicks' : `Your ${amount > 0 ? '+' : '−'}${Math.abs(amount)}`;
  return `${what} on “${name}” ${amount === 0 ? 'were' : 'was'} not sent: the counter is no longer shared with you.`;
}
