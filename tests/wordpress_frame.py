"""A post as WordPress 6.1 makes it of a game's oEmbed answer (wp_filter_oembed_result, tried on a real WordPress
here): the blockquote and the <iframe> it keeps, the secret in the frame's address and on both, the frame hidden
until it speaks and sandboxed with allow-scripts alone; and a stand-in for WordPress's wp-embed.js, written from
its protocol: {secret, message: "height" | "link", value} from the frame, "ready" to it. The browser tests and
the embed benchmark (bench/embed_bench.py) open it."""

import re

from pyapp import registry, webapp

SECRET = "Xy7Secret3"
WP_EMBED = """<script>window.got = []; window.followed = [];
addEventListener("message", function (event) {
  var data = event.data;
  if (!data || !data.secret || !data.message || /[^a-zA-Z0-9]/.test(data.secret)) return;
  window.got.push(data);
  document.querySelectorAll('blockquote[data-secret="' + data.secret + '"]').forEach(function (quote) {
    quote.style.display = "none";
  });
  document.querySelectorAll('iframe[data-secret="' + data.secret + '"]').forEach(function (frame) {
    if (event.source !== frame.contentWindow) return;
    frame.removeAttribute("style");
    if (data.message === "height") {
      var height = parseInt(data.value, 10);
      frame.height = height > 1000 ? 1000 : ~~height < 200 ? 200 : height;
    }
    if (data.message === "link") {
      var to = new URL(data.value), from = new URL(frame.src);
      var focused = document.activeElement === frame;
      if (/^https?:$/.test(to.protocol) && to.host === from.host && focused) window.followed.push(data.value);
    }
  });
});
addEventListener("load", function () {
  document.querySelectorAll("iframe.wp-embedded-content").forEach(function (frame) {
    frame.contentWindow.postMessage({message: "ready", secret: frame.getAttribute("data-secret")}, "*");
  });
});</script>"""
# what the frame must show within the 1000 px WordPress allows it, at a blog column's width
IN_VIEW = """() => ["#board-wrap", "#dice", "#actions"].every(s => {
  const box = document.querySelector(s).getBoundingClientRect();
  return box.height > 0 && box.bottom <= window.innerHeight + 1;
})"""
NO_INNER_SCROLL = "() => document.documentElement.scrollHeight <= window.innerHeight + 1"


def wordpress_post(site: str, slug: str) -> str:
    """The post's HTML, as WordPress makes it of the game's oEmbed answer (its html: webapp.embed_snippet)."""
    title = registry.get(slug).title
    html = webapp.embed_snippet(f"{site}{slug}/?embed=1", title)
    quote = re.search(r'<blockquote[^>]*>\s*<a href="([^"]+)">(.*?)</a>\s*</blockquote>', html)
    src = re.search(r'<iframe src="([^"]+)"', html).group(1).replace("&amp;", "&")
    kept = (f'<blockquote class="wp-embedded-content" data-secret="{SECRET}"><a href="{quote.group(1)}">'
            f'{quote.group(2)}</a></blockquote>'
            f'<iframe class="wp-embedded-content" sandbox="allow-scripts" security="restricted" '
            f'style="position: absolute; clip: rect(1px, 1px, 1px, 1px);" title="{title}" '
            f'src="{src}#?secret={SECRET}" data-secret="{SECRET}" width="100%" height="760"></iframe>')
    return ('<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>My blog</title>'
            '<main style="max-width:600px;margin:0 auto"><h1>A game for Sunday</h1><p>Before the game.</p>'
            f'<figure class="wp-block-embed">{kept}</figure><p>After the game.</p></main>' + WP_EMBED)
