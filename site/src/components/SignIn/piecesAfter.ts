/**
 * `text` cut just after each of `marks`: the places a narrow screen may break it. Joined, the
 * pieces are `text` again.
 */
export function piecesAfter(text: string, marks: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (marks.includes(text[index]!)) {
      pieces.push(text.slice(start, index + 1));
      start = index + 1;
    }
  }
  if (start < text.length) pieces.push(text.slice(start));
  return pieces;
}
