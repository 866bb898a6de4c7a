// What in a page's main reaches past the viewport's edges, for the phone layout checks of both engines: run in
// the page (no imports), it names each such element. What a scroll container inside main holds is its own.

export function overflowingElements(): string[] {
  const width = document.documentElement.clientWidth;
  const main = document.querySelector("main");
  const found: string[] = [];
  for (const element of main?.querySelectorAll("*") ?? []) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (box.left >= -0.5 && box.right <= width + 0.5) continue;
    let clipped = false;
    for (let up = element.parentElement; up && up !== main; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== "visible") clipped = true;
    }
    if (clipped) continue;
    const name = element.id ? `#${element.id}` : (element.getAttribute("class") ?? "").slice(0, 60);
    found.push(
      `${element.tagName.toLowerCase()} ${name}: ${Math.round(box.left)}-${Math.round(box.right)}`,
    );
  }
  return found;
}
