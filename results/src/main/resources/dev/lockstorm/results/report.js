// lockstorm's report: draws the run's data (the JSON above) on canvases; no network, no library.
(function () {
  'use strict';
  const D = JSON.parse(document.getElementById('lockstorm-data').textContent);
  const VIOLATION = '#d50000';
  const LEASE = '#6a1b9a'; // an incident's holder's lease end
  // a lane: a strip for labels at its top (LABEL_ROW), the hold bar below it (HOLD), acquire attempts at its foot;
  // labels sit in the strip or at the foot, never over a hold
  const LEFT = 96, RIGHT = 12, LANE = 34, TOP = 22, BOTTOM = 22, HOLD = 13, FOOT = LANE - 10;
  // the start-up (servers and client workers starting) before the first client operation: a band of its own, and the
  // timeline opens just before its end
  const STARTUP = D.firstOp > 0 && D.firstOp < D.end ? D.firstOp : 0;
  const OPENING = STARTUP > 0 ? Math.max(0, STARTUP - Math.min(0.5, (D.end - STARTUP) * 0.02)) : 0;
  const view = {from: OPENING, to: D.end};
  let marked = null; // an incident or failure to outline harder
  let drawnLabels = []; // the timeline's labels as last drawn: {x, y, w, h, and incident: true or fault: its index in D.faults}

  function fmt(s) {
    const a = Math.abs(s);
    if (a === 0) return '0 s';
    if (a >= 1) return s.toFixed(a >= 100 ? 1 : 3) + ' s';
    if (a >= 0.001) return (s * 1e3).toFixed(1) + ' ms';
    return (s * 1e6).toFixed(0) + ' µs';
  }

  // an axis label: as many digits as the step between labels needs
  // (seconds from a second on, as many decimals as the step needs: "38.5 s", never "38500 ms")
  function tick(t, step) {
    const digits = s => Math.min(6, Math.max(0, Math.ceil(-Math.log10(s) - 1e-9)));
    if (step >= 1) return Number(t.toFixed(step % 1 === 0 ? 0 : 1)) + ' s';
    if (Math.abs(t) >= 1) return t.toFixed(digits(step)) + ' s';
    if (step >= 0.001) return Number((t * 1e3).toFixed(step >= 0.01 ? 0 : 1)) + ' ms';
    return Number((t * 1e6).toFixed(0)) + ' µs';
  }

  // holds are coloured by token, with hues from green through blue to purple: never the violation's red; a hold
  // without a token by its process, so that two holders of a tokenless lock are told apart
  function tokenColour(token, process) {
    let key = token !== null && token !== undefined ? Number(token) : null;
    if (key === null && process !== null && process !== undefined) {
      key = 1;
      for (const ch of String(process)) key = (key * 31 + ch.charCodeAt(0)) % 1000003;
    }
    if (key === null || !isFinite(key)) return 'hsl(205,55%,55%)';
    const hue = 90 + (((key * 47) % 220) + 220) % 220;
    return 'hsl(' + hue + ',55%,52%)';
  }

  function setup(canvas, height) {
    const dpr = window.devicePixelRatio || 1;
    const w = canvas.clientWidth || 1100;
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(height * dpr);
    canvas.style.height = height + 'px';
    const g = canvas.getContext('2d');
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, w, height);
    return {g: g, w: w, h: height};
  }

  function niceStep(span, px) {
    const raw = span / Math.max(1, px / 90);
    const p = Math.pow(10, Math.floor(Math.log10(raw)));
    for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
    return 10 * p;
  }

  // a plot's horizontal grid line at y, labelled with its value at the left
  // the faults' spans, once each (a fault on several lanes is one span), as light bands behind a plot
  function shadeFaults(c, px, top, bottom) {
    const seen = new Set();
    D.faults.forEach(f => {
      const key = f[1] + ',' + f[2] + ',' + f[3];
      if (seen.has(key)) return;
      seen.add(key);
      c.g.fillStyle = f[3] === 'kill' || f[3] === 'kill-client' ? 'rgba(60,60,60,0.10)' : 'rgba(255,179,0,0.16)';
      c.g.fillRect(px(f[1]), top, Math.max(1, px(f[2]) - px(f[1])), bottom - top);
    });
  }

  function valueLine(c, y, label) {
    c.g.strokeStyle = '#e4e4e4';
    c.g.beginPath();
    c.g.moveTo(LEFT, y);
    c.g.lineTo(c.w - RIGHT, y);
    c.g.stroke();
    c.g.fillStyle = '#555';
    c.g.fillText(label, 8, y + 3);
  }

  function timeAxis(c, from, to, y, x) {
    const step = niceStep(to - from, c.w - LEFT - RIGHT);
    c.g.fillStyle = '#555';
    c.g.strokeStyle = '#e4e4e4';
    c.g.font = '10px system-ui,sans-serif';
    for (let t = Math.ceil(from / step) * step; t <= to + 1e-12; t += step) {
      const px = x(t);
      c.g.beginPath();
      c.g.moveTo(px, TOP - 4);
      c.g.lineTo(px, y - 12);
      c.g.stroke();
      c.g.fillText(tick(t, step), px - 12, y);
    }
  }

  // ---- the timeline ----
  const tl = document.getElementById('timeline');
  const ov = document.getElementById('overview');
  const tip = document.getElementById('tip');
  const lanes = D.lanes;
  const height = TOP + LANE * Math.max(1, lanes.length) + BOTTOM;
  const byLane = lanes.map(() => []);
  function item(kind, lane, from, to, extra) {
    const it = {kind: kind, lane: lane, from: from, to: to, extra: extra};
    byLane[lane].push(it);
    return it;
  }
  D.faults.forEach((f, i) => item('fault', f[0], f[1], f[2], {fault: f[3], label: f[4], index: i}));
  D.leaders.forEach(l => item('leader', l[0], l[1], l[2], {label: 'leader'}));
  D.attempts.forEach(a => item('attempt', a[0], a[1], a[2], {outcome: a[3]}));
  D.holds.forEach(h => item('hold', h[0], h[1], h[2], {token: h[3], process: h[4]}));
  (D.nested || []).forEach(h => item('nested', h[0], h[1], h[2], {token: h[3], process: h[4]}));
  D.ticks.forEach(t => item('tick', t[0], t[1], t[1], {tick: t[2], label: t[3]}));
  D.stale.forEach(s => item('stale', s[0], s[1], s[1], {label: s[2]}));

  // an incident's box: the lanes of its holder and grantees, over its hold; a box that meets an earlier one (in time and
  // lanes) is inset by 3 px more for each, so that no two boxes share an edge
  const boxes = D.incidents.map(inc => {
    const lanesOf = [inc.lane].concat(inc.grants.map(gr => gr[0]));
    return {inc: inc, first: Math.min.apply(null, lanesOf), last: Math.max.apply(null, lanesOf), level: 0};
  });
  boxes.forEach((b, i) => {
    const taken = new Set(boxes.slice(0, i).filter(o => o.inc.start < b.inc.end && b.inc.start < o.inc.end
      && o.first <= b.last && b.first <= o.last).map(o => o.level));
    while (taken.has(b.level)) b.level++;
  });
  function box(n) {
    const b = boxes[n];
    const inset = Math.min(b.level * 3, LANE / 2 - 4);
    const top = TOP + b.first * LANE + 1, bottom = TOP + (b.last + 1) * LANE - 1;
    return {top: top + inset, bottom: bottom - inset, inset: inset, level: b.level, laneTop: top, laneBottom: bottom};
  }

  function x(t) {
    return LEFT + (t - view.from) / (view.to - view.from) * (tl.clientWidth - LEFT - RIGHT);
  }

  function stripes(g, x0, y0, w, h, colour) {
    g.save();
    g.beginPath();
    g.rect(x0, y0, w, h);
    g.clip();
    g.strokeStyle = colour || 'rgba(230,140,0,0.75)';
    for (let s = x0 - h; s < x0 + w; s += 6) {
      g.beginPath();
      g.moveTo(s, y0 + h);
      g.lineTo(s + h, y0);
      g.stroke();
    }
    g.restore();
  }

  function draw() {
    const c = setup(tl, height);
    const g = c.g;
    const right = c.w - RIGHT;
    lanes.forEach((l, i) => {
      const y = TOP + i * LANE;
      g.fillStyle = l[1] === 'server' ? (i % 2 ? '#f1f3f6' : '#eceff4') : (i % 2 ? '#fafafa' : '#f4f4f4');
      g.fillRect(LEFT, y, right - LEFT, LANE);
      g.fillStyle = '#333';
      g.font = (l[1] === 'server' ? 'bold ' : '') + '12px system-ui,sans-serif';
      g.fillText(l[0], 6, y + HOLD + 9);
    });
    g.save();
    g.beginPath();
    g.rect(LEFT, 0, right - LEFT, c.h);
    g.clip();
    const visible = it => it.to >= view.from && it.from <= view.to;
    if (STARTUP > view.from) {
      g.fillStyle = 'rgba(120,120,120,0.10)';
      g.fillRect(x(0), TOP, x(STARTUP) - x(0), LANE * lanes.length);
    }
    const labels = [];
    for (let i = 0; i < byLane.length; i++) {
      const y = TOP + i * LANE;
      for (const it of byLane[i]) {
        if (!visible(it)) continue;
        const x0 = x(it.from), w = Math.max(1, x(it.to) - x0);
        switch (it.kind) {
          case 'fault':
            if (it.extra.fault === 'kill') {
              g.fillStyle = 'rgba(60,60,60,0.8)';
              g.fillRect(x0, y + 1, w, LANE - 2);
            } else if (it.extra.fault === 'pause') {
              g.fillStyle = 'rgba(255,179,0,0.18)';
              g.fillRect(x0, y + 1, w, LANE - 2);
              stripes(g, x0, y + 1, w, LANE - 2);
            } else {
              g.fillStyle = 'rgba(255,179,0,0.30)';
              g.fillRect(x0, y + 1, w, LANE - 2);
            }
            labels.push({x: Math.max(x0, LEFT) + 3, y: y, w: w, end: x0 + w, text: it.extra.label, fault: it.extra.index});
            break;
          case 'leader':
            g.fillStyle = '#263238';
            g.fillRect(x0, y + HOLD + 3, w, 3);
            break;
          case 'attempt':
            g.fillStyle = it.extra.outcome === 'ok' ? '#b0bec5' : '#dfe4e7';
            g.fillRect(x0, y + LANE - 6, w, 3);
            break;
          case 'hold':
            g.fillStyle = tokenColour(it.extra.token, it.extra.process);
            g.fillRect(x0, y + HOLD, w, 10);
            break;
          case 'nested':
            // a nested hold, thin and dark inside the hold it belongs to
            g.fillStyle = 'rgba(0,0,0,0.45)';
            g.fillRect(x0, y + HOLD + 4, w, 2);
            break;
          case 'tick':
            g.fillStyle = {read: '#1565c0', write: '#2e7d32', rejected: '#000', unknown: '#9e9e9e'}[it.extra.tick] || '#777';
            g.fillRect(x0 - 1, y + HOLD - 3, 2, 15);
            break;
          case 'stale':
            g.fillStyle = VIOLATION;
            g.font = 'bold 13px system-ui,sans-serif';
            g.fillText('✗', x0 - 4, y + HOLD + 9);
            break;
        }
      }
    }
    // fault labels above what they cover, on a light ground
    g.font = '10px system-ui,sans-serif';
    // every label drawn so far, so that an incident's is put where none is
    const taken = [];
    drawnLabels = taken;
    const overlaps = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
    if (STARTUP > view.from) {
      const text = 'start-up: ' + fmt(STARTUP);
      const w = g.measureText(text).width + 4, sx = Math.max(LEFT, x(0)) + 1;
      if (sx + w <= Math.min(right, x(STARTUP))) {
        const spot = {x: sx, y: TOP - 11, w: w, h: 10};
        g.fillStyle = '#666';
        g.fillText(text, spot.x + 2, spot.y + 8.5);
        taken.push(Object.assign({startup: true}, spot));
      }
    }
    // every fault labelled in full, never cut short: over its band's start, at the lane's top, else its
    // bottom, else just after the band, else the nearest free stretch of the lane's label rows; a fault
    // with no free stretch on its lane at this zoom has its label on hover and in the list, and drawn
    // when zoomed in
    labels.forEach(l => {
      const text = l.text, w = g.measureText(text).width + 4;
      const free = r => r.x >= LEFT - 2 && r.x + r.w <= right && !taken.some(t => overlaps(r, t));
      const near = [{x: l.x - 2, y: l.y + 1}, {x: l.x - 2, y: l.y + FOOT}, {x: l.end + 2, y: l.y + 1}, {x: l.end + 2, y: l.y + FOOT}];
      for (let d = 8; d < right - LEFT; d += 8) {
        [l.end + 2 + d, l.x - 2 - d].forEach(x => near.push({x: x, y: l.y + 1}, {x: x, y: l.y + FOOT}));
      }
      const spot = near.map(p => ({x: p.x, y: p.y, w: w, h: 10})).find(free);
      if (!spot) return;
      g.fillStyle = 'rgba(255,248,225,0.92)';
      g.fillRect(spot.x, spot.y, spot.w, spot.h);
      g.fillStyle = '#6b4e00';
      g.fillText(text, spot.x + 2, spot.y + 8.5);
      taken.push(Object.assign({fault: l.fault, text: text, full: l.text}, spot));
    });
    D.incidents.forEach((inc, n) => {
      if (inc.end < view.from || inc.start > view.to) return;
      // where two held at once: each grant's overlap with the hold, hatched on both lanes' hold bars
      inc.grants.forEach(gr => {
        const a = Math.max(gr[1], inc.start), b = Math.min(gr[2], inc.end);
        if (b <= a) return;
        [gr[0], inc.lane].forEach(lane => stripes(g, x(a), TOP + lane * LANE + HOLD, Math.max(2, x(b) - x(a)), 10, 'rgba(213,0,0,0.85)'));
      });
      const b = box(n);
      g.strokeStyle = VIOLATION;
      g.lineWidth = marked === inc ? 3 : 1.5;
      g.strokeRect(x(inc.start) + b.inset, b.top, Math.max(2, x(inc.end) - x(inc.start) - 2 * b.inset), b.bottom - b.top);
      // its label goes where lane labels go, whatever the inset
      const top = b.laneTop, bottom = b.laneBottom;
      g.font = 'bold 10px system-ui,sans-serif';
      // the label at the box's top left, else in the label strip or at the foot of a lane below, wherever no other label is
      const label = 'incident ' + (n + 1);
      const lw = g.measureText(label).width + 4;
      const lx = Math.max(LEFT + 2, x(inc.start) + 3) - 2;
      const spots = [];
      for (let y = top - 1; y < bottom; y += LANE) spots.push(y + 1, y + FOOT);
      const spot = spots.map(y => ({x: lx, y: y, w: lw, h: 10})).find(r => !taken.some(t => overlaps(r, t))) || {x: lx, y: top + 1, w: lw, h: 10};
      g.fillStyle = 'rgba(255,255,255,0.85)';
      g.fillRect(spot.x, spot.y, spot.w, spot.h);
      g.fillStyle = VIOLATION;
      g.fillText(label, spot.x + 2, spot.y + 9);
      taken.push(Object.assign({incident: true}, spot));
      g.lineWidth = 1;
      // where the holder's lease could run out (a lease limit: by the grant) or ran to at least (a defect: past it)
      if (inc.lease !== undefined && inc.lease >= view.from && inc.lease <= view.to) {
        const lx2 = x(inc.lease), ly = TOP + inc.lane * LANE;
        g.strokeStyle = LEASE;
        g.lineWidth = 2;
        g.setLineDash([4, 3]);
        g.beginPath();
        g.moveTo(lx2, ly + 2);
        g.lineTo(lx2, ly + LANE - 2);
        g.stroke();
        g.setLineDash([]);
        g.lineWidth = 1;
        g.font = '10px system-ui,sans-serif';
        const text = inc.limit ? 'lease could end' : 'lease ran to here';
        const tw = g.measureText(text).width + 4;
        const at = [{x: lx2 + 3, y: ly + 1}, {x: lx2 + 3, y: ly + FOOT}, {x: lx2 - tw - 3, y: ly + 1}, {x: lx2 - tw - 3, y: ly + FOOT}]
          .map(p => ({x: p.x, y: p.y, w: tw, h: 10}))
          .find(r => r.x >= LEFT && r.x + r.w <= right && !taken.some(t => overlaps(r, t)));
        if (at) {
          g.fillStyle = 'rgba(255,255,255,0.9)';
          g.fillRect(at.x, at.y, at.w, at.h);
          g.fillStyle = LEASE;
          g.fillText(text, at.x + 2, at.y + 8.5);
          taken.push(Object.assign({lease: n}, at));
        }
      }
    });
    if (D.failure) {
      g.strokeStyle = '#2e7d32';
      g.lineWidth = 2;
      D.failure.prefix.forEach(p => g.strokeRect(x(p[1]), TOP + p[0] * LANE + HOLD - 3, Math.max(2, x(p[2]) - x(p[1])), 16));
      const f = D.failure.op;
      g.fillStyle = VIOLATION;
      g.fillRect(x(f[1]), TOP + f[0] * LANE + HOLD + 2, Math.max(3, x(f[2]) - x(f[1])), 6);
      g.lineWidth = 1;
    }
    g.restore();
    timeAxis(c, view.from, view.to, c.h - 6, x);
    document.getElementById('range').textContent = fmt(view.from) + ' – ' + fmt(view.to) + ' of ' + fmt(D.end);
    drawOverview();
  }

  // ---- the overview strip: the whole run, the view as a brush ----
  function ox(t) {
    return LEFT + t / D.end * (ov.clientWidth - LEFT - RIGHT);
  }

  function drawOverview() {
    const c = setup(ov, 46);
    const g = c.g;
    const rows = Math.max(1, lanes.length);
    const rh = 36 / rows;
    g.fillStyle = '#555';
    g.font = '11px system-ui,sans-serif';
    g.fillText('whole run', 6, 26);
    if (STARTUP > 0) {
      g.fillStyle = 'rgba(120,120,120,0.18)';
      g.fillRect(ox(0), 2, ox(STARTUP) - ox(0), 40);
    }
    D.faults.forEach(f => {
      g.fillStyle = f[3] === 'kill' ? 'rgba(60,60,60,0.6)' : 'rgba(255,179,0,0.45)';
      g.fillRect(ox(f[1]), 4 + f[0] * rh, Math.max(1, ox(f[2]) - ox(f[1])), Math.max(1, rh));
    });
    D.holds.forEach(h => {
      g.fillStyle = tokenColour(h[3], h[4]);
      g.fillRect(ox(h[1]), 4 + h[0] * rh, Math.max(1, ox(h[2]) - ox(h[1])), Math.max(1, rh - 0.5));
    });
    g.strokeStyle = VIOLATION;
    D.incidents.forEach(inc => g.strokeRect(ox(inc.start), 2, Math.max(2, ox(inc.end) - ox(inc.start)), 40));
    g.fillStyle = 'rgba(30,60,120,0.15)';
    g.fillRect(ox(view.from), 0, Math.max(2, ox(view.to) - ox(view.from)), 46);
    g.strokeStyle = '#1e3c78';
    g.strokeRect(ox(view.from), 0.5, Math.max(2, ox(view.to) - ox(view.from)), 45);
  }

  function zoom(from, to) {
    const min = Math.max(D.end / 1e6, 1e-6);
    from = Math.max(0, from);
    to = Math.min(D.end, to);
    if (to - from < min) {
      const mid = (from + to) / 2;
      from = Math.max(0, mid - min / 2);
      to = Math.min(D.end, from + min);
    }
    view.from = from;
    view.to = to;
    draw();
  }

  function zoomAround(t, factor) {
    const span = (view.to - view.from) * factor;
    const f = (t - view.from) / (view.to - view.from);
    zoom(t - f * span, t - f * span + span);
  }

  function timeAt(canvas, clientX, fromT, toT) {
    const r = canvas.getBoundingClientRect();
    return fromT + (clientX - r.left - LEFT) / (canvas.clientWidth - LEFT - RIGHT) * (toT - fromT);
  }

  tl.addEventListener('wheel', e => {
    e.preventDefault();
    zoomAround(timeAt(tl, e.clientX, view.from, view.to), e.deltaY < 0 ? 0.8 : 1.25);
  }, {passive: false});
  let drag = null;
  tl.addEventListener('mousedown', e => {
    drag = {x: e.clientX, from: view.from, to: view.to};
    tl.style.cursor = 'grabbing';
  });
  window.addEventListener('mouseup', () => {
    drag = null;
    tl.style.cursor = 'grab';
  });
  window.addEventListener('mousemove', e => {
    if (!drag) return;
    const dt = (e.clientX - drag.x) / (tl.clientWidth - LEFT - RIGHT) * (drag.to - drag.from);
    const span = drag.to - drag.from;
    const from = Math.min(Math.max(0, drag.from - dt), D.end - span);
    zoom(from, from + span);
  });
  tl.addEventListener('dblclick', () => zoom(0, D.end));
  let brush = null;
  ov.addEventListener('mousedown', e => brush = timeAt(ov, e.clientX, 0, D.end));
  ov.addEventListener('mouseup', e => {
    if (brush === null) return;
    const t = timeAt(ov, e.clientX, 0, D.end);
    if (Math.abs(t - brush) < D.end / 500) {
      const span = view.to - view.from;
      zoom(t - span / 2, t + span / 2);
    } else {
      zoom(Math.min(brush, t), Math.max(brush, t));
    }
    brush = null;
  });
  document.querySelectorAll('[data-zoom]').forEach(b => b.addEventListener('click', () => {
    const mid = (view.from + view.to) / 2;
    if (b.dataset.zoom === 'all') zoom(0, D.end);
    else zoomAround(mid, b.dataset.zoom === 'in' ? 0.5 : 2);
  }));

  function focus(from, to, what) {
    marked = what;
    const pad = Math.max((to - from) * 0.15, D.end / 200);
    zoom(from - pad, to + pad);
    tl.scrollIntoView({block: 'center'});
  }

  document.querySelectorAll('li.incident').forEach(li => li.querySelector('a.zoom').addEventListener('click', e => {
    e.preventDefault();
    const inc = D.incidents[Number(li.dataset.incident)];
    focus(inc.start, inc.end, inc);
  }));
  document.querySelectorAll('a[data-failure]').forEach(a => a.addEventListener('click', e => {
    e.preventDefault();
    const f = D.failure.op;
    const first = D.failure.prefix.length ? Math.min.apply(null, D.failure.prefix.map(p => p[1])) : f[1];
    focus(Math.min(first, f[1]), f[2], D.failure);
  }));

  // hover: what is under the pointer, in words
  tl.addEventListener('mousemove', e => {
    if (drag) return;
    const r = tl.getBoundingClientRect();
    const lane = Math.floor((e.clientY - r.top - TOP) / LANE);
    const t = timeAt(tl, e.clientX, view.from, view.to);
    const slack = (view.to - view.from) * 4 / (tl.clientWidth - LEFT - RIGHT);
    let text = null;
    for (const inc of D.incidents) {
      if (t >= inc.start && t <= inc.end && (inc.lane === lane || inc.grants.some(gr => gr[0] === lane))) text = inc.label;
    }
    if (!text && lane >= 0 && lane < byLane.length) {
      for (const it of byLane[lane]) {
        if (t < it.from - slack || t > it.to + slack) continue;
        if (it.kind === 'hold') text = lanes[lane][0] + ' holds (process ' + it.extra.process + ')'
            + (it.extra.token !== null ? ', token ' + it.extra.token : '') + ': ' + fmt(it.from) + ' – ' + fmt(it.to);
        else if (it.kind === 'nested' && !text) text = lanes[lane][0] + ' holds again (nested): ' + fmt(it.from) + ' – ' + fmt(it.to);
        else if (it.kind === 'tick' || it.kind === 'stale') text = it.extra.label + ' at ' + fmt(it.from);
        else if (it.kind === 'fault' && !text) text = it.extra.label + ': ' + fmt(it.from) + ' – ' + fmt(it.to);
        else if (it.kind === 'leader' && !text) text = lanes[lane][0] + ' leads: ' + fmt(it.from) + ' – ' + fmt(it.to);
      }
    }
    if (!text) {
      tip.style.display = 'none';
      return;
    }
    tip.textContent = text;
    tip.style.display = 'block';
    tip.style.left = Math.min(e.clientX + 14, window.innerWidth - 540) + 'px';
    tip.style.top = (e.clientY + 14) + 'px';
  });
  tl.addEventListener('mouseleave', () => tip.style.display = 'none');

  // ---- latency: every lock operation, log scale, with quantile lines per operation ----
  const SERIES = {
    'acquire ok': '#1565c0', 'acquire fail': '#ef6c00', 'acquire info': '#6d4c41',
    'release ok': '#2e7d32', 'release fail': '#f9a825', 'release info': '#8d6e63',
    'nested acquire ok': '#90a4ae'
  };
  const QUANTILE = {'0.5': '#0d47a1', '0.95': '#00838f', '0.99': '#6a1b9a', 'max': '#37474f'};

  function latency() {
    const canvas = document.getElementById('latency');
    const c = setup(canvas, 260);
    const g = c.g;
    const pts = D.latency.points;
    if (!pts.length) return;
    let lo = Infinity, hi = 0;
    pts.forEach(p => { lo = Math.min(lo, p[1]); hi = Math.max(hi, p[1]); });
    const d0 = Math.floor(Math.log10(Math.max(lo, 1e-3))), d1 = Math.ceil(Math.log10(Math.max(hi, 1e-3 * 10)));
    const span = Math.max(1, d1 - d0);
    const px = t => LEFT + t / D.end * (c.w - LEFT - RIGHT);
    const py = ms => 230 - (Math.log10(Math.max(ms, 1e-3)) - d0) / span * 206;
    g.font = '10px system-ui,sans-serif';
    for (let d = d0; d <= d1; d++) {
      const ms = Math.pow(10, d);
      const round = v => Number(v.toPrecision(3));
      valueLine(c, py(ms), ms >= 1000 ? round(ms / 1000) + ' s' : ms >= 1 ? round(ms) + ' ms' : round(ms * 1000) + ' µs');
    }
    shadeFaults(c, px, 24, 230);
    pts.forEach(p => {
      g.fillStyle = SERIES[p[2]] || '#777';
      if (p[2].endsWith('info')) g.fillRect(px(p[0]) - 2, py(p[1]) - 2, 4, 4);
      else g.fillRect(px(p[0]) - 1, py(p[1]) - 1, 2.5, 2.5);
    });
    Object.keys(D.latency.quantiles).forEach(f => {
      const lines = D.latency.quantiles[f];
      Object.keys(lines).forEach(q => {
        g.strokeStyle = QUANTILE[q] || '#333';
        g.lineWidth = 1.5;
        g.setLineDash(f === 'release' ? [5, 3] : f === 'nested acquire' ? [2, 3] : []);
        g.beginPath();
        // a window without operations breaks the line rather than bridging it
        const window = D.end / 40;
        lines[q].forEach((p, i) => i && p[0] - lines[q][i - 1][0] < 1.5 * window ? g.lineTo(px(p[0]), py(p[1])) : g.moveTo(px(p[0]), py(p[1])));
        g.stroke();
      });
    });
    g.setLineDash([]);
    g.lineWidth = 1;
    timeAxis(c, 0, D.end, 254, px);
    const present = Object.keys(SERIES).filter(k => pts.some(p => p[2] === k));
    document.getElementById('latency-legend').innerHTML = 'Points by invocation time: ' + present.map(k =>
        '<span style="color:' + SERIES[k] + '">■ ' + k + '</span>').join(', ')
        + ' (squares: crashed). Quantiles over ' + '~' + fmt(D.end / 40) + ' windows: ' + Object.keys(QUANTILE).map(q =>
        '<span style="color:' + QUANTILE[q] + '">— ' + (q === 'max' ? 'max' : 'p' + (q * 100)) + '</span>').join(', ')
        + '; solid for acquire, dashed for release.';
  }

  // ---- throughput: completions per second, by operation and outcome ----
  function throughput() {
    const canvas = document.getElementById('throughput');
    const c = setup(canvas, 200);
    const g = c.g;
    const series = D.throughput.series;
    // acquires by outcome: what a fault does to the lock's availability (other operations follow them)
    const keys = Object.keys(series).filter(k => k.startsWith('acquire '));
    if (!keys.length) return;
    let max = 1;
    keys.forEach(k => series[k].forEach(v => max = Math.max(max, v)));
    const step = niceStep(max, 180 * 2.5);
    const top = Math.ceil(max / step) * step;
    const px = s => LEFT + s / D.throughput.seconds * (c.w - LEFT - RIGHT);
    const py = v => 176 - v / top * 160;
    g.font = '10px system-ui,sans-serif';
    for (let v = 0; v <= top; v += step) {
      valueLine(c, py(v), Number(v.toPrecision(3)) + '/s');
    }
    shadeFaults(c, t => LEFT + t / D.end * (c.w - LEFT - RIGHT), 16, 176);
    const colours = {'acquire ok': '#2e7d32', 'acquire fail': '#ef6c00', 'acquire info': '#8d6e63'};
    keys.forEach((k, i) => {
      g.strokeStyle = colours[k] || '#455a64';
      g.lineWidth = 1.5;
      g.beginPath();
      series[k].forEach((v, s) => s ? g.lineTo(px(s + 0.5), py(v)) : g.moveTo(px(s + 0.5), py(v)));
      g.stroke();
      series[k].colour = g.strokeStyle;
    });
    g.lineWidth = 1;
    timeAxis(c, 0, D.end, 194, t => LEFT + t / D.end * (c.w - LEFT - RIGHT));
    document.getElementById('throughput-legend').innerHTML = 'Acquires completed per second, by outcome: ' + keys.map(k =>
        '<span style="color:' + series[k].colour + '">— ' + k.slice('acquire '.length) + '</span>').join(', ')
        + (D.faults.length ? '; shaded: faults in force' : '') + '.';
  }

  // the timeline's legend: only what this run has, each with the swatch it is drawn in
  function legend() {
    const sw = (css, text) => '<span class="swatch" style="' + css + '"></span>' + text;
    const has = kind => byLane.some(l => l.some(it => it.kind === kind));
    const tickOf = t => byLane.some(l => l.some(it => it.kind === 'tick' && it.extra.tick === t));
    const faultOf = f => D.faults.some(x => x[3] === f);
    const parts = ['Lanes: servers, then clients.'];
    if (STARTUP > 0) parts.push(sw('background:rgba(120,120,120,0.25)', 'start-up, before the first client operation (the timeline opens after it; <i>whole run</i> shows it)'));
    if (has('attempt')) parts.push(sw('background:#b0bec5;height:3px', 'acquire attempts'));
    if (has('hold')) parts.push(sw('background:' + tokenColour(1), 'holds (acquire ok → release), coloured by token (without one, by process)'));
    if (D.nested && D.nested.length) parts.push(sw('background:rgba(0,0,0,0.45);height:2px', 'nested holds (the bar around them runs from the outermost grant)'));
    if (tickOf('read')) parts.push(sw('background:#1565c0;width:2px', 'reads'));
    if (tickOf('write')) parts.push(sw('background:#2e7d32;width:2px', 'writes'));
    if (tickOf('rejected')) parts.push(sw('background:#000;width:2px', 'writes rejected as stale'));
    if (D.stale.length) parts.push('<b style="color:' + VIOLATION + '">✗</b> stale writes accepted');
    if (faultOf('pause')) parts.push(sw('background:repeating-linear-gradient(45deg,rgba(255,179,0,0.5) 0 2px,transparent 2px 4px)', 'paused'));
    if (D.faults.some(x => x[3] !== 'pause' && x[3] !== 'kill')) parts.push(sw('background:rgba(255,179,0,0.45)', 'other faults, labelled on the lanes they hit'));
    if (faultOf('kill')) parts.push(sw('background:rgba(60,60,60,0.8)', 'a server down'));
    if (D.leaders.length) parts.push(sw('background:#263238;height:3px', 'the leader'));
    if (D.incidents.length) {
      parts.push(sw('border:1.5px solid ' + VIOLATION + ';background:none', 'an incident: a hold others were granted during'));
      parts.push(sw('background:repeating-linear-gradient(45deg,rgba(213,0,0,0.85) 0 2px,transparent 2px 4px)', 'two holding at once'));
    }
    if (D.incidents.some(i => i.lease !== undefined)) {
      parts.push(sw('border-left:2px dashed ' + LEASE + ';background:none;width:2px', 'on an incident\'s holder: where its lease, by the lock\'s lease'
        + ' model, could end (a lease limit: by the other\'s grant) or ran to at least (a lock defect: past it)'));
    }
    if (D.failure) parts.push(sw('background:' + VIOLATION, 'the operation linearizability could not place, after the green-outlined ones'));
    document.getElementById('timeline-legend').innerHTML = parts.join(' · ');
  }

  window.lockstorm = {
    view: () => ({from: view.from, to: view.to}),
    labels: () => drawnLabels,
    zoom: zoom,
    tick: tick,
    incidents: D.incidents.length,
    boxes: () => D.incidents.map((i, n) => Object.assign({start: i.start, end: i.end}, box(n)))
  };
  window.addEventListener('resize', () => { draw(); latency(); throughput(); });
  draw();
  legend();
  latency();
  throughput();
  // a link can open the page on an incident (#incident-2) or a stretch of time (#t=12.5,20), and so can a changed hash
  function followHash() {
    const hash = location.hash.match(/^#incident-(\d+)$/);
    const span = location.hash.match(/^#t=([\d.]+),([\d.]+)$/);
    if (hash && D.incidents[Number(hash[1]) - 1]) {
      const inc = D.incidents[Number(hash[1]) - 1];
      focus(inc.start, inc.end, inc);
    } else if (span) {
      zoom(Number(span[1]), Number(span[2]));
    }
  }
  window.addEventListener('hashchange', followHash);
  followHash();
})();
