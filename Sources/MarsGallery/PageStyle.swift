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
    .traverse { margin: 8px 0 12px; }
    .traverse-map { display: block; width: 100%; height: auto; }
    .traverse .path { fill: none; stroke: var(--dim); stroke-width: 2;
      stroke-linejoin: round; vector-effect: non-scaling-stroke; }
    .traverse .sol-dot circle { fill: var(--accent); stroke: transparent; stroke-width: 28; }
    .traverse .sol-dot:hover circle, .traverse .sol-dot:focus circle { fill: #fff; }
    .traverse .latest { fill: none; stroke: #fff; stroke-width: 3; }
    .traverse .scale line { stroke: var(--text); stroke-width: 3; }
    .traverse text { fill: var(--text); font-size: 22px; }
    .traverse .north path { fill: var(--text); }
    .legend i { display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 12px; }
    #viewer { position: fixed; inset: 0; background: rgba(0, 0, 0, 0.92); display: flex;
      flex-direction: column; align-items: center; justify-content: center; padding: 16px;
      touch-action: pan-y; }
    #viewer[hidden] { display: none; }
    #viewer img, #viewer canvas { max-width: 100%; max-height: calc(100vh - 140px);
      object-fit: contain; }
    #viewer img[hidden], #viewer canvas[hidden], #viewer button[hidden] { display: none; }
    #viewer-3d[aria-pressed="true"] { color: #fff; background: #a33; border-color: #0aa; }
    .stereo { font-size: 11px; font-weight: bold; padding: 0 3px; border-radius: 3px;
      color: #fff; background: linear-gradient(90deg, #b22 50%, #088 50%); }
    a.movie { position: relative; display: block; }
    .pano { margin: 0 0 12px; }
    .terrain { margin: 0 0 12px; }
    .terrain canvas { display: block; width: 100%; max-width: 960px; height: auto;
      background: #141418; cursor: grab; touch-action: none; }
    .pano-scroll { overflow-x: auto; overflow-y: hidden; }
    .pano-body { position: relative; display: inline-block; vertical-align: top; }
    /* As high as the window allows below the page's header, never above its own height. */
    figure.pano .pano-body img { width: auto; max-width: none; aspect-ratio: auto;
      min-height: 160px; height: min(calc(100vh - 190px), var(--pano-height)); }
    @media (max-width: 600px) {
      figure.pano .pano-body img { height: min(calc(100vh - 310px), var(--pano-height)); } }
    .pano-ticks { position: relative; height: 20px; margin: 0; padding: 0; list-style: none;
      font-size: 11px; color: var(--dim); }
    .pano-ticks li { position: absolute; top: 0; white-space: nowrap;
      border-left: 1px solid var(--dim); padding-left: 3px; }
    .play { position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%);
      font-size: 48px; color: #fff; text-shadow: 0 0 8px #000; pointer-events: none; }
    #viewer output[hidden] { display: none; }
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
  ///
  /// A photo of a stereo pair has a 3D button (or the `a` key, as in `rovers browse`): the pair
  /// drawn as a red/cyan anaglyph in a canvas, red from the left frame and green and blue from
  /// the right (scaled to the left's size). It is made by compositing (each frame multiplied
  /// by its colour, the two added), never by reading pixels back, so it works for a gallery
  /// opened from the disk, whose pictures a canvas may draw but not read. Moving on keeps 3D
  /// for the next pair.
  static let script = """
    (function () {
      var links = Array.prototype.slice.call(document.querySelectorAll("a.photo"));
      var viewer = document.getElementById("viewer");
      var big = document.getElementById("viewer-image");
      var caption = document.getElementById("viewer-caption");
      var details = document.getElementById("viewer-details");
      var counter = document.getElementById("viewer-counter");
      var closer = document.getElementById("viewer-close");
      var stereo = document.getElementById("viewer-3d");
      var canvas = document.getElementById("viewer-anaglyph");
      var play = document.getElementById("viewer-play");
      var stepBack = document.getElementById("viewer-step-back");
      var stepOn = document.getElementById("viewer-step");
      var frameCounter = document.getElementById("viewer-frame");
      var movie = null;
      var current = -1;
      var opener = null;
      var threeD = false;
      var drawing = 0;
      function paired() {
        return current >= 0 && links[current].hasAttribute("data-left");
      }
      function flat() {
        drawing += 1;
        canvas.hidden = true;
        big.hidden = false;
      }
      function anaglyph() {
        var link = links[current], token = ++drawing, waiting = 2;
        var left = new Image(), right = new Image();
        function ready() {
          waiting -= 1;
          if (waiting > 0 || token !== drawing) { return; }
          var width = left.naturalWidth, height = left.naturalHeight;
          var part = document.createElement("canvas");
          canvas.width = part.width = width;
          canvas.height = part.height = height;
          var out = canvas.getContext("2d"), other = part.getContext("2d");
          out.globalCompositeOperation = "source-over";
          out.drawImage(left, 0, 0, width, height);
          out.globalCompositeOperation = "multiply";
          out.fillStyle = "#ff0000";
          out.fillRect(0, 0, width, height);
          other.drawImage(right, 0, 0, width, height);
          other.globalCompositeOperation = "multiply";
          other.fillStyle = "#00ffff";
          other.fillRect(0, 0, width, height);
          out.globalCompositeOperation = "lighter";
          out.drawImage(part, 0, 0);
          out.globalCompositeOperation = "source-over";
          canvas.setAttribute("aria-label", "Anaglyph of " + link.getAttribute("data-caption"));
          canvas.hidden = false;
          big.hidden = true;
        }
        function failed() {
          if (token !== drawing) { return; }
          details.textContent = "The pair's other frame could not be loaded.";
          flat();
        }
        left.onload = right.onload = ready;
        left.onerror = right.onerror = failed;
        left.src = link.getAttribute("data-left");
        right.src = link.getAttribute("data-right");
      }
      function draw3D() {
        stereo.hidden = !paired();
        stereo.setAttribute("aria-pressed", threeD && paired() ? "true" : "false");
        if (threeD && paired()) { anaglyph(); } else { flat(); }
      }
      function toggle3D() {
        if (!paired()) { return; }
        threeD = !threeD;
        draw3D();
      }
      function movieControls(shown) {
        [play, stepBack, stepOn, frameCounter].forEach(function (control) { control.hidden = !shown; });
      }
      function showFrame() {
        big.src = movie.frames[movie.index];
        frameCounter.textContent = (movie.index + 1) + " / " + movie.frames.length;
      }
      function tick() {
        if (!movie) { return; }
        movie.timer = null;
        if (!movie.playing) { return; }
        movie.index = (movie.index + 1) % movie.frames.length;
        showFrame();
        movie.timer = setTimeout(tick, movie.delay);
      }
      function playing(on) {
        if (!movie) { return; }
        movie.playing = on;
        if (movie.timer) { clearTimeout(movie.timer); movie.timer = null; }
        if (on) { movie.timer = setTimeout(tick, movie.delay); }
        play.textContent = on ? "❚❚" : "▶";
        play.setAttribute("aria-label", on ? "Pause" : "Play");
      }
      function stopMovie() {
        if (movie && movie.timer) { clearTimeout(movie.timer); }
        movie = null;
        movieControls(false);
      }
      // A movie plays its frames, the files already beside the page, at its pace; pause and
      // step stop it on a frame.
      function startMovie(link) {
        movie = { frames: link.getAttribute("data-frames").split(" "), index: 0, timer: null,
          delay: Number(link.getAttribute("data-delay")) || 250, playing: false };
        movieControls(true);
        showFrame();
        playing(true);
      }
      function step(by) {
        if (!movie) { return; }
        playing(false);
        movie.index = (movie.index + by + movie.frames.length) % movie.frames.length;
        showFrame();
      }
      function show(index) {
        if (!links.length) { return; }
        stopMovie();
        current = (index + links.length) % links.length;
        big.src = links[current].getAttribute("href");
        big.alt = links[current].getAttribute("data-caption");
        caption.textContent = links[current].getAttribute("data-caption");
        details.textContent = links[current].getAttribute("data-details") || "";
        counter.textContent = (current + 1) + " / " + links.length;
        viewer.hidden = false;
        draw3D();
        if (links[current].hasAttribute("data-frames")) { startMovie(links[current]); }
      }
      function close() {
        stopMovie();
        viewer.hidden = true;
        flat();
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
        stereo.addEventListener("click", toggle3D);
        play.addEventListener("click", function () { if (movie) { playing(!movie.playing); } });
        stepBack.addEventListener("click", function () { step(-1); });
        stepOn.addEventListener("click", function () { step(1); });
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
          else if (event.key === "a") { toggle3D(); }
          else if (event.key === " " && movie) { event.preventDefault(); playing(!movie.playing); }
          else if (event.key === "," ) { step(-1); }
          else if (event.key === ".") { step(1); }
          return;
        }
        var rel = event.key === "ArrowRight" ? "next" : event.key === "ArrowLeft" ? "prev" : "";
        var link = rel ? document.querySelector("a[rel=" + rel + "]") : null;
        if (link) { location.href = link.getAttribute("href"); }
      });
    })();
    """

  /// The start of a page: `<!DOCTYPE html>` to `<body>`, with the link to the gallery's feed
  /// (`feed`, relative to the page) that feed readers find.
  static func head(title: String, feed: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="generator" content="rovers" />
    <title>\(HTMLText.escaped(title))</title>
    <link rel="alternate" type="application/atom+xml" title="New photos" href="\(feed)" />
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
    <button type="button" id="viewer-step-back" aria-label="Previous frame" hidden="hidden">⏮</button>
    <button type="button" id="viewer-play" aria-label="Pause" hidden="hidden">❚❚</button>
    <button type="button" id="viewer-step" aria-label="Next frame" hidden="hidden">⏭</button>
    <output id="viewer-frame" aria-live="off" hidden="hidden"></output>
    <button type="button" id="viewer-3d" aria-label="3D (red/cyan anaglyph)" aria-pressed="false" hidden="hidden">3D</button>
    <button type="button" id="viewer-close" aria-label="Close">×</button>
    </div>
    <img id="viewer-image" alt="" />
    <canvas id="viewer-anaglyph" role="img" hidden="hidden"></canvas>
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
