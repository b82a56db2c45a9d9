/// The style sheet and the small script every page carries inline: no file to fetch, no font,
/// no CDN, so a page works from `file://`, from any static server, and with no network.
enum PageStyle {
  /// Dark, readable, and a grid that fits a phone's screen as well as a desktop's.
  static let css = """
    :root { color-scheme: dark; --bg: #14110f; --panel: #1f1a17; --text: #eee3d6; --dim: #a8998a;
      --accent: #e0824a; --other: #5b4a40; }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--bg); color: var(--text);
      font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    header, main { max-width: 1400px; margin: 0 auto; padding: 12px 16px; }
    header { display: flex; flex-wrap: wrap; gap: 8px 24px; align-items: baseline;
      justify-content: space-between; border-bottom: 1px solid var(--panel); }
    h1 { font-size: 20px; margin: 0; }
    h2 { font-size: 17px; margin: 24px 0 8px; }
    h2 small, .stats { color: var(--dim); font-weight: normal; font-size: 14px; }
    a { color: var(--accent); text-decoration: none; }
    a:hover, a:focus { text-decoration: underline; }
    nav a { margin-left: 16px; }
    .grid { list-style: none; margin: 0; padding: 0; display: grid; gap: 12px;
      grid-template-columns: repeat(auto-fill, minmax(min(100%, 220px), 1fr)); }
    figure { margin: 0; background: var(--panel); border-radius: 6px; overflow: hidden; }
    figure img, .strip img { display: block; width: 100%; height: auto; aspect-ratio: 4 / 3;
      object-fit: cover; background: var(--other); }
    figcaption { padding: 6px 8px; font-size: 12px; color: var(--dim); }
    figcaption .id { overflow-wrap: anywhere; color: var(--text); }
    figcaption span { white-space: nowrap; }
    .strip { display: grid; gap: 8px; grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
      margin: 8px 0; }
    .timeline { width: 100%; height: 90px; background: var(--panel); border-radius: 6px; }
    .timeline .bar { fill: var(--other); }
    .timeline .bar.here { fill: var(--accent); }
    .legend { font-size: 12px; color: var(--dim); }
    .legend i { display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 12px; }
    #viewer { position: fixed; inset: 0; background: rgba(0, 0, 0, 0.92); display: flex;
      flex-direction: column; align-items: center; justify-content: center; padding: 16px; }
    #viewer[hidden] { display: none; }
    #viewer img { max-width: 100%; max-height: calc(100vh - 80px); object-fit: contain; }
    #viewer p { color: var(--dim); font-size: 13px; text-align: center; }
    """

  /// The photo viewer (click a photo; Escape closes it; the arrow keys move between photos)
  /// and the arrow keys between sols. Without it the page is plain links to the files.
  static let script = """
    (function () {
      var links = Array.prototype.slice.call(document.querySelectorAll("a.photo"));
      var viewer = document.getElementById("viewer");
      var big = document.getElementById("viewer-image");
      var caption = document.getElementById("viewer-caption");
      var current = -1;
      function show(index) {
        if (!links.length) { return; }
        current = (index + links.length) % links.length;
        big.src = links[current].getAttribute("href");
        caption.textContent = links[current].getAttribute("data-caption");
        viewer.hidden = false;
      }
      function close() { viewer.hidden = true; current = -1; big.removeAttribute("src"); }
      links.forEach(function (link, index) {
        link.addEventListener("click", function (event) { event.preventDefault(); show(index); });
      });
      if (viewer) {
        viewer.addEventListener("click", function (event) { if (event.target === viewer) { close(); } });
      }
      document.addEventListener("keydown", function (event) {
        if (viewer && !viewer.hidden) {
          if (event.key === "Escape") { close(); }
          else if (event.key === "ArrowRight") { show(current + 1); }
          else if (event.key === "ArrowLeft") { show(current - 1); }
          return;
        }
        var rel = event.key === "ArrowRight" ? "next" : event.key === "ArrowLeft" ? "prev" : "";
        var link = rel ? document.querySelector("a[rel=" + rel + "]") : null;
        if (link) { location.href = link.getAttribute("href"); }
      });
    })();
    """

  /// The start of a page: `<!DOCTYPE html>` to `<body>`.
  static func head(title: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="generator" content="rovers" />
    <title>\(HTMLText.escaped(title))</title>
    <style>
    \(css)
    </style>
    </head>
    <body>

    """
  }

  /// The end of a page, with the viewer and the script (in a CDATA section, so the page also
  /// reads as well-formed XML, which the tests check).
  static let foot = """
    <div id="viewer" hidden="hidden" role="dialog" aria-label="Photo">
    <img id="viewer-image" alt="" />
    <p id="viewer-caption"></p>
    </div>
    <script>//<![CDATA[
    \(script)
    //]]></script>
    </body>
    </html>

    """
}
