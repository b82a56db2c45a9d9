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
    figcaption { padding: 6px 8px; font-size: 12px; color: var(--dim); overflow-wrap: anywhere; }
    figcaption .id { display: block; color: var(--text); }
    figcaption .part { white-space: nowrap; }
    .cameras { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 13px; }
    .cameras a, nav a { display: inline-block; min-height: 24px; padding: 2px 0; }
    .strip { display: grid; gap: 8px; grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
      margin: 8px 0; }
    .timeline-scroll { overflow-x: auto; }
    .timeline-body { min-width: 560px; }
    .timeline { display: block; width: 100%; height: 90px; background: var(--panel);
      border-radius: 6px; }
    .axis { position: relative; height: 18px; font-size: 11px; color: var(--dim); }
    .axis span { position: absolute; top: 0; white-space: nowrap;
      border-left: 1px solid var(--other); padding-left: 3px; }
    .axis.years span { color: var(--text); }
    .sol-list summary { cursor: pointer; min-height: 24px; padding: 4px 0; }
    .sols { list-style: none; margin: 6px 0 0; padding: 0; display: grid; gap: 6px;
      grid-template-columns: repeat(auto-fill, minmax(130px, 1fr)); }
    .sols a { display: flex; flex-direction: column; min-height: 44px; padding: 5px 8px;
      background: var(--panel); border-radius: 4px; }
    .sols small { color: var(--dim); font-size: 12px; }
    .timeline .bar { fill: var(--other); }
    .timeline .bar.here { fill: var(--accent); }
    .legend { font-size: 12px; color: var(--dim); }
    .legend i { display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 12px; }
    #viewer { position: fixed; inset: 0; background: rgba(0, 0, 0, 0.92); display: flex;
      flex-direction: column; align-items: center; justify-content: center; padding: 16px;
      touch-action: pan-y; }
    #viewer[hidden] { display: none; }
    #viewer img { max-width: 100%; max-height: calc(100vh - 140px); object-fit: contain; }
    #viewer p { color: var(--dim); font-size: 13px; text-align: center; overflow-wrap: anywhere; }
    .viewer-bar { display: flex; align-items: center; gap: 8px; margin-bottom: 8px; }
    .viewer-bar output { color: var(--dim); min-width: 80px; text-align: center; }
    .viewer-bar button { min-width: 44px; min-height: 44px; font-size: 22px; line-height: 1;
      color: var(--text); background: var(--panel); border: 1px solid var(--other);
      border-radius: 6px; cursor: pointer; }
    """

  /// The photo viewer (click a photo; its buttons, the arrow keys or a swipe move between
  /// photos; Escape or × closes it and gives the focus back to the photo) and the arrow keys
  /// between sols. Keys with a modifier are the browser's (Alt+← is Back). Without the script
  /// the page is plain links to the files.
  static let script = """
    (function () {
      var links = Array.prototype.slice.call(document.querySelectorAll("a.photo"));
      var viewer = document.getElementById("viewer");
      var big = document.getElementById("viewer-image");
      var caption = document.getElementById("viewer-caption");
      var details = document.getElementById("viewer-details");
      var counter = document.getElementById("viewer-counter");
      var closer = document.getElementById("viewer-close");
      var current = -1;
      var opener = null;
      function show(index) {
        if (!links.length) { return; }
        current = (index + links.length) % links.length;
        big.src = links[current].getAttribute("href");
        big.alt = links[current].getAttribute("data-caption");
        caption.textContent = links[current].getAttribute("data-caption");
        details.textContent = links[current].getAttribute("data-details") || "";
        counter.textContent = (current + 1) + " / " + links.length;
        viewer.hidden = false;
      }
      function close() {
        viewer.hidden = true;
        big.removeAttribute("src");
        if (current >= 0) { links[current].focus(); }
        current = -1;
      }
      links.forEach(function (link, index) {
        link.addEventListener("click", function (event) {
          event.preventDefault();
          show(index);
          closer.focus();
        });
      });
      if (viewer) {
        document.getElementById("viewer-prev").addEventListener("click", function () { show(current - 1); });
        document.getElementById("viewer-next").addEventListener("click", function () { show(current + 1); });
        closer.addEventListener("click", close);
        var swipeX = null, swipeY = null, swiped = false;
        viewer.addEventListener("pointerdown", function (event) {
          swipeX = event.clientX; swipeY = event.clientY; swiped = false;
        });
        viewer.addEventListener("pointerup", function (event) {
          if (swipeX === null) { return; }
          var dx = event.clientX - swipeX, dy = event.clientY - swipeY;
          swipeX = null;
          // A sideways drag of 40 px moves: left to the next photo, right to the one before.
          if (Math.abs(dx) >= 40 && Math.abs(dx) > Math.abs(dy)) {
            swiped = true;
            show(current + (dx < 0 ? 1 : -1));
          }
        });
        viewer.addEventListener("click", function (event) {
          if (event.target === viewer && !swiped) { close(); }
          swiped = false;
        });
      }
      document.addEventListener("keydown", function (event) {
        if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
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
    <div id="viewer" hidden="hidden" role="dialog" aria-modal="true" aria-label="Photo">
    <div class="viewer-bar">
    <button type="button" id="viewer-prev" aria-label="Previous photo">‹</button>
    <output id="viewer-counter" aria-live="polite"></output>
    <button type="button" id="viewer-next" aria-label="Next photo">›</button>
    <button type="button" id="viewer-close" aria-label="Close">×</button>
    </div>
    <img id="viewer-image" alt="" />
    <p id="viewer-caption"></p>
    <p id="viewer-details"></p>
    </div>
    <script>//<![CDATA[
    \(script)
    //]]></script>
    </body>
    </html>

    """
}
