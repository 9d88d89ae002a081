/** The match viewer page: a game-agnostic player with a renderer per game (XIX first). */
export function mountMatchPage(root: HTMLElement, matchId: string): () => void {
  root.textContent = `match ${matchId}`;
  return () => undefined;
}
