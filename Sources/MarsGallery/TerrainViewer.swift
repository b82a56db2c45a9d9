extension TerrainView {
  /// The viewer every canvas of a page's terrains runs, in WebGL 2 with no library: it reads
  /// the `.glb` its script file kept (header, JSON chunk, binary chunk; positions, texture
  /// coordinates, indices and the JPEG texture, as `rovers terrain` writes them), and draws
  /// the mesh seen from a point that circles its middle: drag to turn, scroll (or pinch) to
  /// come nearer. It draws only when something changed. Each canvas says what it drew in
  /// `data-triangles` and `data-frames`, and why not in `data-error`.
  static let viewer = #"""
    (function () {
      "use strict";
      const meshes = window.roversMeshes || {};
      function perspective(fov, aspect, near, far) {
        const f = 1 / Math.tan(fov / 2), d = 1 / (near - far);
        return [f / aspect, 0, 0, 0, 0, f, 0, 0, 0, 0, (far + near) * d, -1, 0, 0, 2 * far * near * d, 0];
      }
      function multiply(a, b) {
        const out = new Array(16).fill(0);
        for (let column = 0; column < 4; column++)
          for (let row = 0; row < 4; row++)
            for (let k = 0; k < 4; k++) out[column * 4 + row] += a[k * 4 + row] * b[column * 4 + k];
        return out;
      }
      function lookAt(eye, target) {
        const z = eye.map((value, i) => value - target[i]);
        const zl = Math.hypot(...z); z.forEach((_, i) => { z[i] /= zl; });
        const x = [z[2], 0, -z[0]];
        const xl = Math.hypot(...x) || 1; x.forEach((_, i) => { x[i] /= xl; });
        const y = [z[1] * x[2] - z[2] * x[1], z[2] * x[0] - z[0] * x[2], z[0] * x[1] - z[1] * x[0]];
        const dot = (v) => -(v[0] * eye[0] + v[1] * eye[1] + v[2] * eye[2]);
        return [x[0], y[0], z[0], 0, x[1], y[1], z[1], 0, x[2], y[2], z[2], 0, dot(x), dot(y), dot(z), 1];
      }
      function parse(base64) {
        const text = atob(base64);
        const bytes = new Uint8Array(text.length);
        for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
        const view = new DataView(bytes.buffer);
        if (view.getUint32(0, true) !== 0x46546c67 || view.getUint32(4, true) !== 2)
          throw new Error("not a glTF 2.0 binary");
        const jsonLength = view.getUint32(12, true);
        const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength)));
        const binary = bytes.subarray(28 + jsonLength);
        const part = (index) => {
          const bufferView = json.bufferViews[index];
          const start = bufferView.byteOffset || 0;
          return binary.slice(start, start + bufferView.byteLength).buffer;
        };
        const accessors = json.accessors;
        return {
          positions: new Float32Array(part(accessors[0].bufferView)),
          coordinates: new Float32Array(part(accessors[1].bufferView)),
          indices: new Uint32Array(part(accessors[2].bufferView)),
          low: accessors[0].min, high: accessors[0].max,
          texture: new Blob([part(json.images[0].bufferView)], { type: json.images[0].mimeType })
        };
      }
      function shader(gl, type, source) {
        const made = gl.createShader(type);
        gl.shaderSource(made, source);
        gl.compileShader(made);
        if (!gl.getShaderParameter(made, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(made));
        return made;
      }
      async function show(canvas) {
        const mesh = parse(meshes[canvas.dataset.mesh]);
        const gl = canvas.getContext("webgl2", { preserveDrawingBuffer: true });
        if (!gl) throw new Error("this browser has no WebGL 2");
        const program = gl.createProgram();
        gl.attachShader(program, shader(gl, gl.VERTEX_SHADER, "#version 300 es\n" +
          "in vec3 position; in vec2 coordinate; uniform mat4 view; out vec2 place;\n" +
          "void main() { place = coordinate; gl_Position = view * vec4(position, 1.0); }"));
        gl.attachShader(program, shader(gl, gl.FRAGMENT_SHADER, "#version 300 es\n" +
          "precision mediump float; in vec2 place; uniform sampler2D picture; out vec4 colour;\n" +
          "void main() { colour = texture(picture, place); }"));
        gl.linkProgram(program);
        if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(program));
        gl.useProgram(program);
        const attribute = (name, data, size) => {
          gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
          gl.bufferData(gl.ARRAY_BUFFER, data, gl.STATIC_DRAW);
          const at = gl.getAttribLocation(program, name);
          gl.enableVertexAttribArray(at);
          gl.vertexAttribPointer(at, size, gl.FLOAT, false, 0, 0);
        };
        attribute("position", mesh.positions, 3);
        attribute("coordinate", mesh.coordinates, 2);
        gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, gl.createBuffer());
        gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, mesh.indices, gl.STATIC_DRAW);
        const bitmap = await createImageBitmap(mesh.texture);
        gl.bindTexture(gl.TEXTURE_2D, gl.createTexture());
        gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGB, gl.RGB, gl.UNSIGNED_BYTE, bitmap);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
        gl.enable(gl.DEPTH_TEST);
        const middle = [0, 1, 2].map((i) => (mesh.low[i] + mesh.high[i]) / 2);
        const size = Math.max(...[0, 1, 2].map((i) => mesh.high[i] - mesh.low[i])) || 1;
        // Seen first from above the side the cameras were on (the frame's origin is the rover
        // or the camera), so that what they saw faces the viewer.
        const turn = Math.atan2(middle[0], middle[2]);
        const state = { turn: turn, tilt: 0.6, distance: 1.2 * size, pending: false };
        const viewAt = gl.getUniformLocation(program, "view");
        function draw() {
          state.pending = false;
          const eye = [
            middle[0] - state.distance * Math.cos(state.tilt) * Math.sin(state.turn),
            middle[1] + state.distance * Math.sin(state.tilt),
            middle[2] - state.distance * Math.cos(state.tilt) * Math.cos(state.turn)];
          const projection = perspective(0.8, canvas.width / canvas.height, size / 100, size * 20);
          gl.viewport(0, 0, canvas.width, canvas.height);
          gl.clearColor(0.08, 0.08, 0.1, 1);
          gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
          gl.uniformMatrix4fv(viewAt, false, multiply(projection, lookAt(eye, middle)));
          gl.drawElements(gl.TRIANGLES, mesh.indices.length, gl.UNSIGNED_INT, 0);
          canvas.dataset.triangles = String(mesh.indices.length / 3);
          canvas.dataset.frames = String(Number(canvas.dataset.frames || 0) + 1);
        }
        const redraw = () => { if (!state.pending) { state.pending = true; requestAnimationFrame(draw); } };
        let dragging = null;
        canvas.addEventListener("pointerdown", (event) => { dragging = [event.clientX, event.clientY]; });
        window.addEventListener("pointerup", () => { dragging = null; });
        canvas.addEventListener("pointermove", (event) => {
          if (!dragging) return;
          state.turn += (event.clientX - dragging[0]) * 0.01;
          state.tilt = Math.max(-1.4, Math.min(1.4, state.tilt + (event.clientY - dragging[1]) * 0.01));
          dragging = [event.clientX, event.clientY];
          redraw();
        });
        canvas.addEventListener("wheel", (event) => {
          event.preventDefault();
          state.distance = Math.max(size / 20, Math.min(size * 8, state.distance * Math.exp(event.deltaY * 0.001)));
          redraw();
        }, { passive: false });
        draw();
      }
      for (const canvas of document.querySelectorAll("canvas.terrain-view")) {
        show(canvas).catch((error) => { canvas.dataset.error = String(error && error.message || error); });
      }
    })();
    """#
}
