// The contrast of every text drawn inside the page's SVGs (boards, dice, panels), which axe's colour rule
// does not measure (it reads CSS `color`; SVG text is painted by `fill`). For each visible <text>: its fill,
// over what is painted under the middle of its box: its own halo (a stroke painted first, at least 1.5 px),
// else the shapes before it in the drawing, last first, each where isPointInFill says the point is inside,
// blended by their opacity down to an opaque one, else the page behind the SVG. WCAG 2's ratio: 4.5:1, or
// 3:1 for large text (24 px, or 18.66 px bold, on screen) and for a lone symbol (an icon: non-text contrast).
// Returns the texts that fall short, one line each.
() => {
  const rgba = (c) => {
    const m = String(c).match(/rgba?\(([^)]+)\)/);
    if (!m) return null;  // "none", a url() paint
    const v = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1];
  };
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const over = (top, below) => [0, 1, 2].map((i) => top[i] * top[3] + below[i] * (1 - top[3])).concat(1);
  const opacity = (el, svg) => {
    let o = 1;
    for (let e = el; e && e !== svg.parentElement; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
    return o;
  };
  const pageBehind = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) return over(c, [255, 255, 255, 1]);
    }
    return [255, 255, 255, 1];
  };
  const short = [];
  for (const svg of document.querySelectorAll("#board-wrap svg, #dice svg, #panel svg")) {
    const all = Array.from(svg.querySelectorAll("*"));
    const shapes = all.filter((e) => e instanceof SVGGeometryElement && !(e instanceof SVGTextContentElement));
    for (const text of svg.querySelectorAll("text")) {
      const box = text.getBoundingClientRect();
      const style = getComputedStyle(text);
      if (!box.width || !box.height || style.visibility === "hidden" || !text.textContent.trim()) continue;
      const fill = rgba(style.fill);
      if (!fill) continue;
      fill[3] *= Number(style.fillOpacity) * opacity(text, svg);
      if (fill[3] < 0.05) continue;  // not shown
      const ctm = text.getScreenCTM();
      const scale = Math.hypot(ctm.a, ctm.b);
      const px = parseFloat(style.fontSize) * scale;
      const symbol = !/[\p{L}\p{N}]/u.test(text.textContent);
      const large = px >= 24 || (Number(style.fontWeight) >= 700 && px >= 18.66);
      const need = large || symbol ? 3 : 4.5;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const under = [];
      const halo = rgba(style.stroke);
      if (halo && halo[3] > 0 && parseFloat(style.strokeWidth) * scale >= 1.5 && style.paintOrder.startsWith("stroke")) {
        halo[3] *= Number(style.strokeOpacity);
        under.push(halo);
      }
      const at = all.indexOf(text);
      for (let i = shapes.length - 1; i >= 0 && !(under.length && under[under.length - 1][3] >= 0.999); i--) {
        const shape = shapes[i];
        if (all.indexOf(shape) > at) continue;
        const look = getComputedStyle(shape);
        const paint = rgba(look.fill);
        if (!paint || !paint[3] || look.visibility === "hidden" || shape.closest("defs, clipPath, mask, pattern")) continue;
        const m = shape.getScreenCTM();
        if (!m) continue;
        let inside = false;
        try { inside = shape.isPointInFill(new DOMPoint(x, y).matrixTransform(m.inverse())); } catch (e) { /* no geometry */ }
        if (!inside) continue;
        paint[3] *= Number(look.fillOpacity) * opacity(shape, svg);
        if (paint[3] >= 0.02) under.push(paint);
      }
      let ground = pageBehind(svg);
      for (let i = under.length - 1; i >= 0; i--) ground = over(under[i], ground);
      const shown = ratio(over(fill, ground), ground);
      if (shown < need) {
        const rgb = (c) => `rgb(${c.slice(0, 3).map(Math.round).join(",")})`;
        short.push(`${shown.toFixed(2)} < ${need}: "${text.textContent.trim().slice(0, 24)}" (${Math.round(px)} px,`
          + ` class "${text.getAttribute("class") || text.parentElement.getAttribute("class") || ""}")`
          + ` ${rgb(over(fill, ground))} on ${rgb(ground)}`);
      }
    }
  }
  return short;
}
