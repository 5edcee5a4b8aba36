#!/usr/bin/env node
// Renders the demo property pictures used by the seed data into cms/demo/images/*.webp.
//
// Every picture is a flat illustration drawn as SVG (no text, no fonts, no network) and
// converted to WebP with sharp (a dependency of Strapi's upload plugin). All randomness comes
// from a pseudo-random generator seeded by the file name, so running the script twice writes
// byte-identical files.
//
// A development tool: the pictures it writes are committed, so neither the cms nor its build runs it.
// It lives with the root scripts but loads sharp from the cms workspace, which depends on it.
//
// Usage (from the repository root): npm run demo:images -- [--only name1,name2] [--png DIR]
//   or: node scripts/generate-demo-images.mjs [--only name1,name2] [--png DIR]
//   --only  render only the named images (e.g. villa-1,land-2)
//   --png   also write PNG copies to DIR (handy for looking at them)

import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const rootDir = path.resolve(here, '..');
const cmsDir = path.join(rootDir, 'cms');
const outDir = path.join(cmsDir, 'demo', 'images');

const W = 1200;
const H = 800;
const QUALITY = 70;

// ---------------------------------------------------------------------------------------------
// sharp
// ---------------------------------------------------------------------------------------------

function loadSharp() {
  const req = createRequire(path.join(cmsDir, 'package.json'));
  try {
    return req('sharp');
  } catch {
    // sharp may be nested under the upload plugin instead of hoisted.
    for (const dir of [
      path.join(cmsDir, 'node_modules', '@strapi', 'upload'),
      path.join(rootDir, 'node_modules', '@strapi', 'upload'),
    ]) {
      try {
        return createRequire(path.join(dir, 'package.json'))('sharp');
      } catch {
        /* try the next place */
      }
    }
  }
  throw new Error('sharp is not installed: run `npm install` at the repository root first');
}

// ---------------------------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------------------------

function hashString(str) {
  let h = 2166136261 >>> 0;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function makeRng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (lo, hi) => lo + (hi - lo) * next(),
    int: (lo, hi) => Math.floor(lo + (hi - lo + 1) * next()),
    pick: (arr) => arr[Math.floor(next() * arr.length)],
    chance: (p) => next() < p,
  };
}

// ---------------------------------------------------------------------------------------------
// Colours
// ---------------------------------------------------------------------------------------------

function hexToRgb(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function rgbToHex(rgb) {
  return (
    '#' +
    rgb
      .map((v) =>
        Math.max(0, Math.min(255, Math.round(v)))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}
function mix(a, b, t) {
  const A = hexToRgb(a);
  const B = hexToRgb(b);
  return rgbToHex(A.map((v, i) => v + (B[i] - v) * t));
}
/** t < 0 darkens, t > 0 lightens. */
const shade = (c, t) => (t < 0 ? mix(c, '#000000', -t) : mix(c, '#ffffff', t));

const PAL = {
  terracotta: '#c4623a',
  terracottaDark: '#a44d2c',
  brick: '#b5543a',
  ochre: '#d9a441',
  ochreLight: '#e8c37a',
  cream: '#f3e6cc',
  creamLight: '#f8efdd',
  white: '#f8f6f1',
  sand: '#e6d2a6',
  laterite: '#b9693e',
  lateriteLight: '#cf8a5a',
  palm: '#2f8a4a',
  palmDark: '#1f6b3a',
  leaf: '#4f9d3f',
  grass: '#8cc152',
  grassDark: '#5a9a36',
  wood: '#7a4a2a',
  woodLight: '#a86c3f',
  charcoal: '#33363b',
  slate: '#5b6770',
  teal: '#2a7f86',
  green: '#3f7d4e',
  blueRoof: '#3d6d8f',
};

// ---------------------------------------------------------------------------------------------
// SVG helpers
// ---------------------------------------------------------------------------------------------

const fmt = (n) => {
  const v = Math.round(n * 10) / 10;
  return Object.is(v, -0) ? '0' : String(v);
};
const attrs = (o) =>
  Object.entries(o)
    .filter(([, v]) => v !== undefined && v !== null && v !== false)
    .map(([k, v]) => `${k}="${typeof v === 'number' ? fmt(v) : v}"`)
    .join(' ');
const rect = (x, y, w, h, fill, o = {}) => `<rect ${attrs({ x, y, width: w, height: h, fill, ...o })}/>`;
const ellipse = (cx, cy, rx, ry, fill, o = {}) => `<ellipse ${attrs({ cx, cy, rx, ry, fill, ...o })}/>`;
const circle = (cx, cy, r, fill, o = {}) => `<circle ${attrs({ cx, cy, r, fill, ...o })}/>`;
const pts = (list) => list.map((p) => `${fmt(p[0])},${fmt(p[1])}`).join(' ');
const poly = (list, fill, o = {}) => `<polygon ${attrs({ points: pts(list), fill, ...o })}/>`;
const polyline = (list, stroke, sw = 2, o = {}) =>
  `<polyline ${attrs({ points: pts(list), fill: 'none', stroke, 'stroke-width': sw, ...o })}/>`;
const line = (x1, y1, x2, y2, stroke, sw = 2, o = {}) =>
  `<line ${attrs({ x1, y1, x2, y2, stroke, 'stroke-width': sw, ...o })}/>`;
const pathEl = (d, fill, o = {}) => `<path ${attrs({ d, fill, ...o })}/>`;
const group = (children, o = {}) => `<g ${attrs(o)}>${children.join('')}</g>`;

class Scene {
  constructor(name, mode = 'day') {
    this.name = name;
    this.r = makeRng(hashString(name));
    this.mode = mode;
    this.defs = [];
    this.body = [];
    this.n = 0;
    this._glass = null;
  }
  id(prefix) {
    this.n += 1;
    return `${prefix}${this.n}`;
  }
  add(...parts) {
    for (const p of parts) this.body.push(Array.isArray(p) ? p.join('') : p);
  }
  stops(list) {
    return list
      .map(
        ([o, c, op]) =>
          `<stop offset="${o}" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`,
      )
      .join('');
  }
  linear(list, { x1 = 0, y1 = 0, x2 = 0, y2 = 1 } = {}) {
    const id = this.id('l');
    this.defs.push(
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${this.stops(list)}</linearGradient>`,
    );
    return `url(#${id})`;
  }
  radial(list, { cx = 0.5, cy = 0.5, r = 0.5 } = {}) {
    const id = this.id('r');
    this.defs.push(
      `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${this.stops(list)}</radialGradient>`,
    );
    return `url(#${id})`;
  }
  get warm() {
    return this.mode === 'golden' || this.mode === 'dusk';
  }
  glass() {
    if (!this._glass) {
      this._glass = this.warm
        ? this.linear([
            [0, '#f6dcb4'],
            [0.5, '#9bb8cf'],
            [1, '#56819f'],
          ])
        : this.linear([
            [0, '#d3ecf8'],
            [0.55, '#8ec3e0'],
            [1, '#4f8db5'],
          ]);
    }
    return this._glass;
  }
  litGlass() {
    if (!this._lit)
      this._lit = this.linear([
        [0, '#ffe9b8'],
        [1, '#f0ae55'],
      ]);
    return this._lit;
  }
  toSvg() {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
      `<defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Landscape pieces
// ---------------------------------------------------------------------------------------------

const SKIES = {
  day: {
    stops: ['#3b8fd6', '#84c3ec', '#d9f0fa'],
    sun: '#fffbea',
    glow: '#fff4c8',
    cloud: '#ffffff',
    haze: '#a9cfc0',
  },
  bright: {
    stops: ['#2a7bcc', '#6db5e8', '#e4f5fb'],
    sun: '#fffdf0',
    glow: '#fff6d2',
    cloud: '#ffffff',
    haze: '#9cc8b4',
  },
  golden: {
    stops: ['#5170b0', '#e8a06b', '#ffdc9c'],
    sun: '#fff3cc',
    glow: '#ffbe62',
    cloud: '#fcd7b2',
    haze: '#c7b48a',
  },
  dusk: {
    stops: ['#5a68b0', '#e3979a', '#ffd3a0'],
    sun: '#fff0d0',
    glow: '#ffb27a',
    cloud: '#f6c4c2',
    haze: '#b9a08f',
  },
};

function sky(s, horizon) {
  const k = SKIES[s.mode];
  s.add(
    rect(
      0,
      0,
      W,
      horizon + 60,
      s.linear([
        [0, k.stops[0]],
        [0.62, k.stops[1]],
        [1, k.stops[2]],
      ]),
    ),
  );
  const low = s.warm;
  const sx = s.r.range(200, 1000);
  const sy = low ? horizon - s.r.range(70, 130) : s.r.range(90, 160);
  const sr = low ? 56 : 38;
  s.add(
    circle(
      sx,
      sy,
      sr * 5,
      s.radial([
        [0, k.glow, 0.6],
        [0.4, k.glow, 0.18],
        [1, k.glow, 0],
      ]),
    ),
  );
  s.add(circle(sx, sy, sr, k.sun));
  const count = s.r.int(3, 5);
  for (let i = 0; i < count; i++) {
    const cx = ((i + s.r.range(0.1, 0.9)) / count) * W;
    cloud(s, cx, s.r.range(70, horizon - 230), s.r.range(0.6, 1.25), k.cloud, low ? 0.8 : 0.92);
  }
  return k;
}

function cloud(s, cx, cy, sc, color, op) {
  const parts = [ellipse(cx, cy, 120 * sc, 20 * sc, color)];
  const m = s.r.int(3, 5);
  for (let i = 0; i < m; i++) {
    const dx = (i - (m - 1) / 2) * 44 * sc + s.r.range(-8, 8) * sc;
    const edge = Math.abs(i - (m - 1) / 2) / ((m - 1) / 2 || 1);
    const rr = (46 - 20 * edge + s.r.range(-5, 5)) * sc;
    parts.push(circle(cx + dx, cy - rr * 0.5, rr, color));
  }
  parts.push(rect(cx - 120 * sc, cy, 240 * sc, 24 * sc, 'none'));
  s.add(group(parts, { opacity: op }));
}

function hills(s, horizon, color, amp, step = 170) {
  const points = [];
  for (let x = -120; x <= W + 240; x += step) points.push([x, horizon - s.r.range(amp * 0.35, amp)]);
  let d = `M-120,${horizon + 20} L${fmt(points[0][0])},${fmt(points[0][1])}`;
  for (let i = 1; i < points.length - 1; i++) {
    const [x0, y0] = points[i];
    const [x1, y1] = points[i + 1];
    d += ` Q${fmt(x0)},${fmt(y0)} ${fmt((x0 + x1) / 2)},${fmt((y0 + y1) / 2)}`;
  }
  d += ` L${W + 240},${horizon + 20} Z`;
  s.add(pathEl(d, color));
}

function treeline(s, y, color, from = -20, to = W + 20, size = 1) {
  const parts = [rect(from, y - 10 * size, to - from, 30, color)];
  let x = from;
  while (x < to) {
    const r = s.r.range(12, 28) * size;
    parts.push(circle(x, y - r * 0.55, r, color));
    x += r * s.r.range(0.9, 1.6);
  }
  s.add(parts);
}

function groundPlane(s, horizon, top = PAL.grass, bottom = PAL.grassDark) {
  s.add(
    rect(
      0,
      horizon,
      W,
      H - horizon,
      s.linear([
        [0, top],
        [1, bottom],
      ]),
    ),
  );
}

function shadow(s, cx, cy, rx, ry, op = 0.16) {
  s.add(ellipse(cx, cy, rx, ry, '#1b2a14', { opacity: op }));
}

/** Point on a quadratic Bezier curve. */
function qpt(p0, p1, p2, t) {
  const u = 1 - t;
  return [
    u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
    u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1],
  ];
}

function palm(s, x, baseY, h, lean, o = {}) {
  const trunk = o.trunk || '#8d6a48';
  const leaf = o.leaf || PAL.palm;
  const leafDark = o.leafDark || shade(leaf, -0.28);
  const width = o.width || h * 0.032 + 3;
  const base = [x, baseY];
  const top = [x + lean, baseY - h];
  const ctrl = [x + lean * 0.1, baseY - h * 0.55];
  const left = [];
  const right = [];
  const N = 16;
  for (let i = 0; i <= N; i++) {
    const t = i / N;
    const p = qpt(base, ctrl, top, t);
    const dx = 2 * (1 - t) * (ctrl[0] - base[0]) + 2 * t * (top[0] - ctrl[0]);
    const dy = 2 * (1 - t) * (ctrl[1] - base[1]) + 2 * t * (top[1] - ctrl[1]);
    const len = Math.hypot(dx, dy) || 1;
    const nx = -dy / len;
    const ny = dx / len;
    const w = width * (1 - 0.4 * t) * (i === 0 ? 1.35 : 1);
    left.push([p[0] + nx * w, p[1] + ny * w]);
    right.push([p[0] - nx * w, p[1] - ny * w]);
  }
  const parts = [];
  if (!o.noShadow)
    parts.push(ellipse(x + h * 0.12, baseY + 2, h * 0.22, h * 0.03, '#1b2a14', { opacity: 0.14 }));
  parts.push(poly([...left, ...[...right].reverse()], trunk));
  for (let i = 1; i < N; i++) {
    parts.push(
      line(left[i][0], left[i][1], right[i][0], right[i][1], shade(trunk, -0.25), 1.6, { opacity: 0.55 }),
    );
  }
  const fronds = o.fronds || 11;
  const scale = o.scale || 1;
  const back = [];
  const front = [];
  for (let j = 0; j < fronds; j++) {
    const a = -Math.PI / 2 + (j / (fronds - 1) - 0.5) * Math.PI * 1.75 + s.r.range(-0.12, 0.12);
    const L = h * s.r.range(0.36, 0.48) * scale;
    const dir = [Math.cos(a), Math.sin(a)];
    const tip = [top[0] + dir[0] * L, top[1] + dir[1] * L * 0.8 + L * 0.42];
    const c = [top[0] + dir[0] * L * 0.55, top[1] + dir[1] * L * 0.55 - L * 0.16];
    const perp = [-dir[1], dir[0]];
    const wl = L * 0.13;
    const sideA = [];
    const sideB = [];
    const M = 14;
    for (let i = 0; i <= M; i++) {
      const t = i / M;
      const p = qpt(top, c, tip, t);
      const k = Math.pow(Math.sin(Math.PI * Math.min(1, t * 1.1)), 0.7) * (i % 2 ? 1 : 0.45);
      const drop = i % 2 ? wl * 0.5 * t : 0;
      sideA.push([p[0] + perp[0] * wl * k, p[1] + perp[1] * wl * k + drop]);
      sideB.push([p[0] - perp[0] * wl * k, p[1] - perp[1] * wl * k + drop]);
    }
    const shape = poly([...sideA, ...sideB.reverse()], j % 2 ? leaf : leafDark);
    const rib = pathEl(
      `M${fmt(top[0])},${fmt(top[1])} Q${fmt(c[0])},${fmt(c[1])} ${fmt(tip[0])},${fmt(tip[1])}`,
      'none',
      {
        stroke: shade(leaf, -0.4),
        'stroke-width': 1.4,
        opacity: 0.6,
      },
    );
    (j % 2 ? front : back).push(shape + rib);
  }
  parts.push(...back);
  if (!o.noNuts) {
    for (let i = 0; i < 3; i++)
      parts.push(circle(top[0] - 7 + i * 7, top[1] + 8 + (i % 2) * 4, width * 0.55, '#6b4a2a'));
  }
  parts.push(...front);
  s.add(group(parts, o.opacity ? { opacity: o.opacity } : {}));
}

function broadTree(s, x, baseY, size, o = {}) {
  const dark = o.dark || '#3d7a35';
  const light = o.light || '#5fa043';
  const trunk = o.trunk || '#6b4a32';
  const parts = [];
  if (!o.noShadow) parts.push(ellipse(x, baseY + 2, size * 0.7, size * 0.09, '#1b2a14', { opacity: 0.15 }));
  parts.push(
    poly(
      [
        [x - size * 0.09, baseY],
        [x - size * 0.04, baseY - size * 0.85],
        [x + size * 0.04, baseY - size * 0.85],
        [x + size * 0.09, baseY],
      ],
      trunk,
    ),
  );
  parts.push(line(x, baseY - size * 0.55, x - size * 0.28, baseY - size * 0.95, trunk, size * 0.04));
  parts.push(line(x, baseY - size * 0.6, x + size * 0.3, baseY - size * 0.98, trunk, size * 0.04));
  const cy = baseY - size * 1.15;
  const blobs = o.flat ? 9 : 7;
  for (let i = 0; i < blobs; i++) {
    const ang = (i / blobs) * Math.PI * 2;
    const spreadX = o.flat ? 0.75 : 0.42;
    const spreadY = o.flat ? 0.16 : 0.3;
    parts.push(
      circle(
        x + Math.cos(ang) * size * spreadX * s.r.range(0.8, 1.1),
        cy + Math.sin(ang) * size * spreadY,
        size * s.r.range(0.3, 0.4),
        dark,
      ),
    );
  }
  parts.push(circle(x, cy, size * 0.45, dark));
  for (let i = 0; i < 4; i++) {
    parts.push(
      circle(
        x - size * 0.18 + s.r.range(-0.2, 0.25) * size,
        cy - size * 0.16 + s.r.range(-0.12, 0.08) * size,
        size * s.r.range(0.16, 0.24),
        light,
        { opacity: 0.85 },
      ),
    );
  }
  s.add(parts);
}

function shrub(s, x, y, size, color = '#4f8f3a', flowers = null) {
  const parts = [];
  const n = 5;
  for (let i = 0; i < n; i++) {
    const dx = (i - (n - 1) / 2) * size * 0.42;
    parts.push(
      circle(
        x + dx,
        y - size * 0.35 - s.r.range(0, size * 0.25),
        size * s.r.range(0.32, 0.45),
        i % 2 ? color : shade(color, -0.12),
      ),
    );
  }
  parts.push(circle(x, y - size * 0.6, size * 0.42, shade(color, 0.08)));
  if (flowers) {
    for (let i = 0; i < 12; i++) {
      parts.push(
        circle(x + s.r.range(-size, size), y - s.r.range(size * 0.25, size * 0.9), size * 0.07, flowers),
      );
    }
  }
  s.add(parts);
}

function hedge(s, x0, x1, y, h, color = '#477f35') {
  const parts = [rect(x0, y - h * 0.7, x1 - x0, h * 0.7, shade(color, -0.08), { rx: 6 })];
  for (let x = x0 + h * 0.3; x < x1 - h * 0.1; x += h * 0.45) {
    parts.push(circle(x, y - h * 0.7, h * 0.32, color));
  }
  s.add(parts);
}

function tuft(x, y, sz, color) {
  return poly(
    [
      [x - sz, y],
      [x - sz * 0.7, y - sz * 1.3],
      [x - sz * 0.3, y],
      [x, y - sz * 1.9],
      [x + sz * 0.3, y],
      [x + sz * 0.75, y - sz * 1.4],
      [x + sz, y],
    ],
    color,
  );
}

function grassTufts(s, n, y0, y1, colors, x0 = 0, x1 = W) {
  const parts = [];
  for (let i = 0; i < n; i++) {
    const y = s.r.range(y0, y1);
    const depth = (y - y0) / Math.max(1, y1 - y0);
    parts.push(tuft(s.r.range(x0, x1), y, 4 + depth * 7, s.r.pick(colors)));
  }
  s.add(parts);
}

function car(s, x, y, w, color) {
  // x = left, y = ground line
  const h = w * 0.3;
  const parts = [ellipse(x + w / 2, y, w * 0.55, w * 0.05, '#000', { opacity: 0.18 })];
  parts.push(
    pathEl(
      `M${fmt(x)},${fmt(y - h * 0.25)} Q${fmt(x)},${fmt(y - h * 0.62)} ${fmt(x + w * 0.08)},${fmt(y - h * 0.64)} ` +
        `L${fmt(x + w * 0.24)},${fmt(y - h * 0.68)} L${fmt(x + w * 0.36)},${fmt(y - h)} L${fmt(x + w * 0.72)},${fmt(y - h)} ` +
        `L${fmt(x + w * 0.86)},${fmt(y - h * 0.66)} Q${fmt(x + w)},${fmt(y - h * 0.6)} ${fmt(x + w)},${fmt(y - h * 0.3)} ` +
        `L${fmt(x + w)},${fmt(y - h * 0.12)} L${fmt(x)},${fmt(y - h * 0.12)} Z`,
      color,
    ),
  );
  parts.push(
    poly(
      [
        [x + w * 0.28, y - h * 0.66],
        [x + w * 0.38, y - h * 0.92],
        [x + w * 0.53, y - h * 0.92],
        [x + w * 0.53, y - h * 0.66],
      ],
      '#2d3e4d',
    ),
    poly(
      [
        [x + w * 0.56, y - h * 0.66],
        [x + w * 0.56, y - h * 0.92],
        [x + w * 0.7, y - h * 0.92],
        [x + w * 0.8, y - h * 0.66],
      ],
      '#2d3e4d',
    ),
  );
  parts.push(rect(x + w * 0.02, y - h * 0.45, w * 0.06, h * 0.08, '#ffe9a6'));
  parts.push(rect(x + w * 0.93, y - h * 0.45, w * 0.05, h * 0.08, '#d9443a'));
  parts.push(line(x, y - h * 0.32, x + w, y - h * 0.32, shade(color, -0.2), 1.5));
  for (const wx of [x + w * 0.2, x + w * 0.8]) {
    parts.push(circle(wx, y - h * 0.14, h * 0.27, '#22252a'), circle(wx, y - h * 0.14, h * 0.12, '#b8bec4'));
  }
  s.add(parts);
}

// ---------------------------------------------------------------------------------------------
// Building pieces
// ---------------------------------------------------------------------------------------------

function windowEl(s, x, y, w, h, o = {}) {
  const frame = o.frame || '#ffffff';
  const wall = o.wall || PAL.cream;
  const glass = o.lit ? s.litGlass() : o.glass || s.glass();
  const parts = [];
  if (o.sill !== false) parts.push(rect(x - 7, y + h + 2, w + 14, 6, shade(wall, -0.12)));
  parts.push(rect(x - 4, y - 4, w + 8, h + 8, frame));
  parts.push(rect(x, y, w, h, glass));
  parts.push(
    poly(
      [
        [x + w * 0.12, y + h],
        [x + w * 0.42, y],
        [x + w * 0.6, y],
        [x + w * 0.3, y + h],
      ],
      '#ffffff',
      { opacity: 0.2 },
    ),
  );
  if (o.louvre) {
    for (let yy = y + 7; yy < y + h; yy += 8)
      parts.push(line(x, yy, x + w, yy, '#ffffff', 1.1, { opacity: 0.45 }));
  }
  if (o.split !== false) parts.push(line(x + w / 2, y, x + w / 2, y + h, frame, 3));
  if (o.cross || h > w * 1.25) parts.push(line(x, y + h * 0.35, x + w, y + h * 0.35, frame, 3));
  if (o.bars) {
    for (let xx = x + 9; xx < x + w; xx += 10)
      parts.push(line(xx, y, xx, y + h, '#2f3338', 1.4, { opacity: 0.55 }));
  }
  if (o.shutters) {
    const sw = w * 0.32;
    for (const sx of [x - 6 - sw, x + w + 6]) {
      parts.push(rect(sx, y - 4, sw, h + 8, o.shutters));
      for (let yy = y + 2; yy < y + h; yy += 7)
        parts.push(line(sx + 2, yy, sx + sw - 2, yy, shade(o.shutters, -0.25), 1.2));
    }
  }
  s.add(parts);
}

function doorEl(s, x, y, w, h, color = PAL.wood, o = {}) {
  const parts = [rect(x - 5, y - 5, w + 10, h + 5, o.frame || '#f1ebe0')];
  parts.push(rect(x, y, w, h, color));
  if (o.double) parts.push(line(x + w / 2, y, x + w / 2, y + h, shade(color, -0.35), 2));
  const leaves = o.double ? 2 : 1;
  const lw = w / leaves;
  for (let i = 0; i < leaves; i++) {
    const lx = x + i * lw;
    parts.push(
      rect(lx + lw * 0.18, y + h * 0.08, lw * 0.64, h * 0.36, shade(color, -0.15)),
      rect(lx + lw * 0.18, y + h * 0.52, lw * 0.64, h * 0.4, shade(color, -0.15)),
    );
  }
  parts.push(circle(o.double ? x + w / 2 - 6 : x + w * 0.82, y + h * 0.52, 3.2, '#e0b84a'));
  s.add(parts);
}

function acUnit(s, x, y, sc = 1) {
  s.add(
    rect(x, y, 46 * sc, 32 * sc, '#e4e6e8', { rx: 2 }),
    circle(x + 30 * sc, y + 16 * sc, 11 * sc, '#b7bcc1'),
    circle(x + 30 * sc, y + 16 * sc, 4 * sc, '#8c9399'),
    line(x + 5 * sc, y + 8 * sc, x + 16 * sc, y + 8 * sc, '#b7bcc1', 1.5),
    line(x + 5 * sc, y + 14 * sc, x + 16 * sc, y + 14 * sc, '#b7bcc1', 1.5),
  );
}

function polytank(s, x, y, sc = 1, color = '#26292d') {
  // x centre, y = base (roof level)
  const w = 44 * sc;
  const h = 46 * sc;
  s.add(
    rect(x - w / 2 - 4, y - 8 * sc, w + 8, 8 * sc, '#8a8f94'),
    rect(x - w / 2, y - 8 * sc - h, w, h, color, { rx: 8 * sc }),
    line(x - w / 2, y - 8 * sc - h * 0.35, x + w / 2, y - 8 * sc - h * 0.35, shade(color, 0.18), 2),
    line(x - w / 2, y - 8 * sc - h * 0.7, x + w / 2, y - 8 * sc - h * 0.7, shade(color, 0.18), 2),
    ellipse(x, y - 8 * sc - h, w * 0.32, 5 * sc, shade(color, 0.15)),
  );
}

/** Front face of a hip roof, with sheet ridges. */
function hipRoof(s, x0, x1, eaveY, height, color, o = {}) {
  const over = o.overhang ?? 26;
  const inset = o.inset ?? (x1 - x0) * 0.2;
  const bx0 = x0 - over;
  const bx1 = x1 + over;
  const tx0 = x0 + inset;
  const tx1 = x1 - inset;
  const ty = eaveY - height;
  const parts = [
    poly(
      [
        [bx0, eaveY],
        [bx1, eaveY],
        [tx1, ty],
        [tx0, ty],
      ],
      color,
    ),
  ];
  const ridgeC = shade(color, -0.16);
  for (let xx = bx0 + 14; xx < bx1 - 6; xx += 16) {
    let top = ty;
    if (xx < tx0) top = eaveY - ((xx - bx0) / (tx0 - bx0)) * height;
    else if (xx > tx1) top = eaveY - ((bx1 - xx) / (bx1 - tx1)) * height;
    parts.push(line(xx, eaveY - 1, xx, top + 2, ridgeC, 1.4, { opacity: 0.7 }));
  }
  parts.push(line(tx0, ty, tx1, ty, shade(color, -0.3), 3));
  parts.push(rect(bx0, eaveY - 2, bx1 - bx0, 9, o.fascia || '#f4efe6'));
  s.add(parts);
  return { bx0, bx1 };
}

function gableRoof(s, x0, x1, eaveY, height, color, o = {}) {
  const over = o.overhang ?? 18;
  const mid = (x0 + x1) / 2;
  const parts = [
    poly(
      [
        [x0 - over, eaveY],
        [x1 + over, eaveY],
        [mid, eaveY - height],
      ],
      color,
    ),
  ];
  for (let k = 1; k < 5; k++) {
    const t = k / 5;
    parts.push(
      line(
        x0 - over + (mid - x0 + over) * t,
        eaveY - height * t,
        x1 + over - (x1 + over - mid) * t,
        eaveY - height * t,
        shade(color, -0.15),
        1.3,
        {
          opacity: 0.6,
        },
      ),
    );
  }
  parts.push(
    polyline(
      [
        [x0 - over - 4, eaveY + 3],
        [mid, eaveY - height - 4],
        [x1 + over + 4, eaveY + 3],
      ],
      o.fascia || '#f4efe6',
      7,
      {
        'stroke-linejoin': 'miter',
      },
    ),
  );
  s.add(parts);
}

function compoundWall(s, x0, x1, yBase, h, o = {}) {
  const color = o.color || PAL.cream;
  const cap = o.cap || shade(color, -0.18);
  const parts = [rect(x0, yBase - h, x1 - x0, h, color)];
  parts.push(rect(x0, yBase - 10, x1 - x0, 10, shade(color, -0.22)));
  if (o.breeze) {
    // decorative breeze-block band
    const bandY = yBase - h + 12;
    for (let x = x0 + 10; x < x1 - 20; x += 26) {
      if (o.gate && x + 22 > o.gate[0] - 10 && x < o.gate[1] + 10) continue;
      parts.push(circle(x + 10, bandY + 10, 8, shade(color, -0.32)));
    }
  }
  const step = o.pillarStep || 150;
  for (let x = x0; x <= x1 + 1; x += step) {
    parts.push(rect(x - 9, yBase - h - 10, 18, h + 10, shade(color, -0.06)));
    parts.push(rect(x - 13, yBase - h - 16, 26, 8, cap));
  }
  parts.push(rect(x0, yBase - h - 6, x1 - x0, 7, cap));
  s.add(parts);
  if (o.gate) {
    const [g0, g1] = o.gate;
    const gc = o.gateColor || '#2e3236';
    const gp = [
      rect(g0 - 16, yBase - h - 30, 20, h + 30, shade(color, -0.08)),
      rect(g1 - 4, yBase - h - 30, 20, h + 30, shade(color, -0.08)),
    ];
    gp.push(rect(g0 - 20, yBase - h - 36, 28, 8, cap), rect(g1 - 8, yBase - h - 36, 28, 8, cap));
    gp.push(rect(g0 + 4, yBase - h - 6, g1 - g0 - 8, h + 2, gc, { opacity: 0.92 }));
    for (let x = g0 + 12; x < g1 - 8; x += 12)
      gp.push(line(x, yBase - h - 14, x, yBase - 4, shade(gc, 0.25), 2.4));
    gp.push(line(g0 + 4, yBase - h * 0.55, g1 - 4, yBase - h * 0.55, shade(gc, 0.3), 3));
    gp.push(line((g0 + g1) / 2, yBase - h - 6, (g0 + g1) / 2, yBase - 4, shade(gc, 0.4), 3));
    s.add(gp);
  }
}

function picketFence(s, x0, x1, yBase, h, color = '#ffffff') {
  const parts = [
    rect(x0, yBase - h * 0.75, x1 - x0, 6, shade(color, -0.1)),
    rect(x0, yBase - h * 0.3, x1 - x0, 6, shade(color, -0.1)),
  ];
  for (let x = x0; x < x1; x += 16) {
    parts.push(
      poly(
        [
          [x, yBase],
          [x, yBase - h + 6],
          [x + 5, yBase - h],
          [x + 10, yBase - h + 6],
          [x + 10, yBase],
        ],
        color,
      ),
    );
  }
  s.add(parts);
}

function bougainvillea(s, x, y, size) {
  shrub(s, x, y, size, '#3f7f34', '#d6338a');
}

// ---------------------------------------------------------------------------------------------
// Buildings
// ---------------------------------------------------------------------------------------------

function bungalow(s, o) {
  const { x, base, w, h, wall, roof } = o;
  const trim = o.trim || '#f4efe6';
  shadow(s, x + w / 2, base + 4, w * 0.62, 16);
  s.add(
    rect(
      x,
      base - h,
      w,
      h,
      s.linear(
        [
          [0, shade(wall, 0.04)],
          [1, shade(wall, -0.05)],
        ],
        { x2: 1, y2: 0 },
      ),
    ),
  );
  s.add(rect(x - 4, base - 16, w + 8, 16, shade(wall, -0.3)));
  // porch in the middle with columns and a small gable
  const pw = o.porchW || w * 0.3;
  const px = x + (o.porchAt ?? 0.5) * w - pw / 2;
  const winH = h * 0.42;
  const winY = base - h * 0.74;
  const nwin = o.windows || 2;
  const free = [
    [x + 30, px - 30],
    [px + pw + 30, x + w - 30],
  ];
  for (const [a, b] of free) {
    const span = b - a;
    const n = Math.max(1, Math.round((span / (w - pw)) * nwin));
    const ww = Math.min(90, span / n - 34);
    if (ww < 30) continue;
    for (let i = 0; i < n; i++) {
      const cx = a + (span / n) * (i + 0.5);
      windowEl(s, cx - ww / 2, winY, ww, winH, {
        wall,
        louvre: o.louvre,
        bars: o.bars,
        shutters: o.shutters,
        lit: o.lit,
      });
    }
  }
  // porch
  s.add(rect(px, base - h, pw, h, shade(wall, -0.16)));
  doorEl(s, px + pw / 2 - 32, base - h * 0.78, 64, h * 0.78 - 16, o.door || PAL.wood, { double: true });
  s.add(rect(px - 10, base - 22, pw + 20, 10, '#d8d2c6'), rect(px - 20, base - 12, pw + 40, 12, '#cbc4b6'));
  const roofInfo = hipRoof(s, x, x + w, base - h, o.roofH || h * 0.55, roof, { fascia: trim });
  // porch gable on top of the fascia
  const colW = 12;
  s.add(rect(px - 6, base - h + 6, colW, h - 28, trim), rect(px + pw - 6, base - h + 6, colW, h - 28, trim));
  gableRoof(s, px - 14, px + pw + 14, base - h + 8, h * 0.32, shade(roof, -0.06), { fascia: trim });
  return roofInfo;
}

function twoStoreyHouse(s, o) {
  const { x, base, w, wall, roof } = o;
  const trim = o.trim || '#f4efe6';
  const h1 = o.h1 || 130;
  const h2 = o.h2 || 118;
  shadow(s, x + w / 2, base + 4, w * 0.62, 16);
  const wallFill = s.linear(
    [
      [0, shade(wall, 0.05)],
      [1, shade(wall, -0.06)],
    ],
    { x2: 1, y2: 0 },
  );
  // ground floor
  s.add(rect(x, base - h1, w, h1, wallFill), rect(x - 4, base - 16, w + 8, 16, shade(wall, -0.3)));
  // upper floor set back on the left part
  const ux = x + (o.upperOffset ?? 0);
  const uw = o.upperW || w;
  s.add(rect(ux, base - h1 - h2, uw, h2 + 2, wallFill));
  // accent panel
  if (o.accent) {
    s.add(rect(ux + uw * 0.62, base - h1 - h2, uw * 0.38, h2 + 2, o.accent));
  }
  // slab between floors / balcony
  s.add(
    rect(x - 16, base - h1 - 6, w + 32, 12, trim),
    rect(x - 16, base - h1 + 6, w + 32, 5, '#000', { opacity: 0.1 }),
  );
  // ground floor windows and door
  const dX = x + w * (o.doorAt ?? 0.5) - 34;
  doorEl(s, dX, base - h1 + 26, 68, h1 - 42, o.door || PAL.wood, { double: true });
  const gWins = [x + w * 0.16, x + w * 0.84];
  for (const cx of gWins)
    windowEl(s, cx - 42, base - h1 + 34, 84, 60, { wall, louvre: o.louvre, bars: o.bars, lit: o.lit });
  // upper windows
  const uN = o.upperWindows || 3;
  for (let i = 0; i < uN; i++) {
    const cx = ux + (uw / uN) * (i + 0.5);
    windowEl(s, cx - 36, base - h1 - h2 + 30, 72, 58, {
      wall: o.accent && cx > ux + uw * 0.62 ? o.accent : wall,
      louvre: o.louvre,
      lit: o.lit,
    });
  }
  // balcony railing on the slab (front of upper floor)
  const rx0 = x - 10;
  const rx1 = x + w + 10;
  const railTop = base - h1 - 34;
  s.add(line(rx0, railTop, rx1, railTop, trim, 5));
  for (let xx = rx0 + 4; xx < rx1; xx += 11) s.add(line(xx, railTop, xx, base - h1 - 6, trim, 2.5));
  hipRoof(s, ux, ux + uw, base - h1 - h2, o.roofH || 70, roof, { fascia: trim, overhang: 30 });
  return { top: base - h1 - h2 - (o.roofH || 70) };
}

function apartmentBlock(s, o) {
  const { x, base, w, floors, wall } = o;
  const fh = o.floorH || 70;
  const accent = o.accent || PAL.terracotta;
  const trim = o.trim || '#ffffff';
  const top = base - floors * fh;
  const bays = o.bays || 4;
  shadow(s, x + w / 2, base + 4, w * 0.6, 16);
  s.add(
    rect(
      x,
      top,
      w,
      floors * fh,
      s.linear(
        [
          [0, shade(wall, 0.05)],
          [1, shade(wall, -0.07)],
        ],
        { x2: 1, y2: 0 },
      ),
    ),
  );
  // stair core
  const coreW = o.coreW || 58;
  const coreX = o.coreLeft ? x - coreW + 8 : x + w - 8;
  s.add(rect(coreX, top - 24, coreW, floors * fh + 24, accent));
  for (let f = 0; f < floors; f++) {
    s.add(rect(coreX + coreW / 2 - 8, base - (f + 1) * fh + 14, 16, fh - 28, s.glass()));
  }
  // floors
  const bayW = w / bays;
  for (let f = 0; f < floors; f++) {
    const fy = base - (f + 1) * fh;
    s.add(rect(x - 4, fy - 4, w + 8, 8, shade(wall, -0.14)));
    for (let b = 0; b < bays; b++) {
      const bx = x + b * bayW;
      if (f === 0) {
        if (b === Math.floor(bays / 2)) {
          doorEl(s, bx + bayW / 2 - 34, fy + 14, 68, fh - 14, '#3d5a6c', { double: true, frame: trim });
          s.add(rect(bx + bayW / 2 - 56, fy + 6, 112, 10, shade(accent, -0.1)));
        } else {
          windowEl(s, bx + bayW * 0.18, fy + 16, bayW * 0.64, fh * 0.48, { wall, bars: true, frame: trim });
        }
        continue;
      }
      const balcony = o.balconies && (b + f) % 2 === 0;
      const ww = bayW * 0.62;
      windowEl(s, bx + (bayW - ww) / 2, fy + 12, ww, fh * 0.52, {
        wall,
        frame: trim,
        louvre: o.louvre,
        lit: o.lit && (b * 7 + f * 3) % 5 === 0,
        sill: !balcony,
      });
      if (balcony) {
        const by = fy + fh - 6;
        s.add(rect(bx + 6, by - 2, bayW - 12, 8, shade(wall, -0.2)));
        if (o.glassRail) {
          s.add(
            rect(bx + 8, by - 26, bayW - 16, 24, '#8fc2d8', { opacity: 0.6 }),
            line(bx + 8, by - 26, bx + bayW - 8, by - 26, '#7d8a92', 3),
          );
        } else {
          s.add(line(bx + 8, by - 24, bx + bayW - 8, by - 24, o.railColor || '#3a3f44', 3));
          for (let xx = bx + 14; xx < bx + bayW - 8; xx += 12)
            s.add(line(xx, by - 24, xx, by - 2, o.railColor || '#3a3f44', 1.6));
        }
      } else if (o.ac && (b + f) % 3 === 1) {
        acUnit(s, bx + bayW - 40, fy + fh * 0.55, 0.6);
      }
    }
  }
  // parapet and roof things
  s.add(
    rect(x - 8, top - 16, w + 16, 18, shade(wall, -0.08)),
    rect(x - 10, top - 20, w + 20, 6, shade(wall, -0.2)),
  );
  const tanks = o.tanks ?? 2;
  for (let i = 0; i < tanks; i++) polytank(s, x + 40 + i * 56, top - 16, 0.85);
  return { top };
}

function townhouseRow(s, o) {
  const { x, base, units } = o;
  const uw = o.unitW || 230;
  const h1 = 120;
  const h2 = 105;
  const walls = o.walls || [PAL.creamLight, '#f6f3ec', PAL.ochreLight];
  const roofs = o.roofs || [PAL.terracotta, PAL.terracottaDark];
  shadow(s, x + (uw * units) / 2, base + 4, uw * units * 0.56, 16);
  for (let i = 0; i < units; i++) {
    const ux = x + i * uw;
    const wall = walls[i % walls.length];
    const roof = roofs[i % roofs.length];
    s.add(rect(ux, base - h1 - h2, uw, h1 + h2, wall));
    s.add(rect(ux - 2, base - 14, uw + 4, 14, shade(wall, -0.3)));
    // garage and door
    const garageLeft = i % 2 === 0;
    const gx = garageLeft ? ux + 18 : ux + uw - 18 - 110;
    s.add(rect(gx, base - 92, 110, 78, '#e9e6e0'));
    for (let yy = base - 86; yy < base - 14; yy += 9) s.add(line(gx + 3, yy, gx + 107, yy, '#c9c4bb', 2));
    s.add(rect(gx - 6, base - 100, 122, 10, shade(wall, -0.18)));
    const dx = garageLeft ? ux + uw - 70 : ux + 26;
    doorEl(s, dx, base - 96, 44, 82, o.doors ? o.doors[i % o.doors.length] : PAL.wood);
    // upper floor
    windowEl(s, ux + 28, base - h1 - h2 + 30, 70, 64, { wall, louvre: o.louvre, lit: o.lit && i % 2 === 1 });
    windowEl(s, ux + uw - 98, base - h1 - h2 + 30, 70, 64, { wall, louvre: o.louvre });
    // juliet balcony
    s.add(rect(ux + uw - 108, base - h1 - h2 + 96, 90, 7, shade(wall, -0.2)));
    s.add(line(ux + uw - 106, base - h1 - h2 + 78, ux + uw - 20, base - h1 - h2 + 78, '#33373b', 2.5));
    for (let xx = ux + uw - 102; xx < ux + uw - 20; xx += 8)
      s.add(line(xx, base - h1 - h2 + 78, xx, base - h1 - h2 + 96, '#33373b', 1.5));
    // slab line
    s.add(rect(ux, base - h1 - 6, uw, 8, shade(wall, -0.12)));
    // party walls
    s.add(rect(ux - 5, base - h1 - h2 - 10, 10, h1 + h2 + 10, shade(wall, -0.22)));
    gableRoof(s, ux + 8, ux + uw - 8, base - h1 - h2, 78, roof, { overhang: 10 });
    // small garden bed
    shrub(s, garageLeft ? ux + uw - 110 : ux + 100, base + 10, 26, '#4f8f3a', i % 2 ? '#f2c14e' : '#e0508f');
  }
  s.add(rect(x + units * uw - 5, base - h1 - h2 - 10, 10, h1 + h2 + 10, shade(walls[0], -0.22)));
}

function modernVilla(s, o) {
  const { x, base } = o;
  const w = o.w || 700;
  const wall = o.wall || PAL.white;
  const h1 = 140;
  const h2 = 128;
  const trim = '#ffffff';
  const lit = s.warm;
  shadow(s, x + w / 2, base + 4, w * 0.62, 18);
  // ground floor box
  s.add(
    rect(
      x,
      base - h1,
      w,
      h1,
      s.linear(
        [
          [0, shade(wall, 0.03)],
          [1, shade(wall, -0.05)],
        ],
        { x2: 1, y2: 0 },
      ),
    ),
  );
  // stone feature wall
  const sx = x + w * 0.04;
  const sw = w * 0.16;
  s.add(rect(sx, base - h1, sw, h1, '#b9a68a'));
  for (let yy = base - h1 + 4; yy < base - 4; yy += 16) {
    let xx = sx + ((yy / 16) % 2 ? 0 : -14);
    while (xx < sx + sw) {
      const bw = s.r.range(24, 42);
      const x0 = Math.max(sx + 2, xx + 2);
      const x1 = Math.min(sx + sw - 2, xx + bw - 2);
      if (x1 - x0 > 4)
        s.add(rect(x0, yy, x1 - x0, 12, s.r.pick(['#a8977d', '#c4b399', '#b29f82', '#cdbda3'])));
      xx += bw;
    }
  }
  // big glazing on ground floor
  const gx = x + w * 0.24;
  const gw = w * 0.62;
  s.add(rect(gx, base - h1 + 18, gw, h1 - 30, lit ? s.litGlass() : s.glass()));
  for (let xx = gx; xx <= gx + gw + 1; xx += gw / 6)
    s.add(line(xx, base - h1 + 18, xx, base - 12, '#3a3f44', 4));
  s.add(
    line(gx, base - h1 + 18, gx + gw, base - h1 + 18, '#3a3f44', 4),
    line(gx, base - 12, gx + gw, base - 12, '#3a3f44', 4),
  );
  s.add(
    poly(
      [
        [gx + gw * 0.1, base - 12],
        [gx + gw * 0.3, base - h1 + 18],
        [gx + gw * 0.38, base - h1 + 18],
        [gx + gw * 0.18, base - 12],
      ],
      '#fff',
      { opacity: 0.15 },
    ),
  );
  // upper box, cantilevered right
  const ux = x + w * 0.28;
  const uw = w * 0.8;
  const uy = base - h1 - 14 - h2;
  s.add(
    rect(x - 30, base - h1 - 14, w + 60, 16, trim),
    rect(x - 30, base - h1 + 2, w + 60, 4, '#000', { opacity: 0.12 }),
  );
  s.add(
    rect(
      ux,
      uy,
      uw,
      h2,
      s.linear(
        [
          [0, shade(wall, 0.04)],
          [1, shade(wall, -0.06)],
        ],
        { x2: 1, y2: 0 },
      ),
    ),
  );
  // timber cladding
  const cx = ux + uw * 0.58;
  const cw = uw * 0.42;
  s.add(rect(cx, uy, cw, h2, PAL.woodLight));
  for (let xx = cx + 8; xx < cx + cw; xx += 10)
    s.add(line(xx, uy, xx, uy + h2, shade(PAL.woodLight, -0.18), 2));
  // ribbon window
  s.add(rect(ux + 30, uy + 28, uw * 0.5, 66, lit ? s.litGlass() : s.glass()));
  for (let xx = ux + 30; xx <= ux + 30 + uw * 0.5 + 1; xx += (uw * 0.5) / 4)
    s.add(line(xx, uy + 28, xx, uy + 94, '#3a3f44', 4));
  s.add(rect(ux + 30, uy + 28, uw * 0.5, 66, 'none', { stroke: '#3a3f44', 'stroke-width': 4 }));
  // glass balustrade on the terrace left of the upper box
  s.add(
    rect(x - 20, base - h1 - 60, ux - x + 20, 46, '#d7eef7', { opacity: 0.5 }),
    line(x - 20, base - h1 - 60, ux, base - h1 - 60, '#9aa6ad', 3),
  );
  // roof slab
  s.add(
    rect(ux - 26, uy - 16, uw + 52, 18, trim),
    rect(ux - 26, uy + 2, uw + 52, 4, '#000', { opacity: 0.12 }),
  );
  // wall lights
  for (const lx of [x + w * 0.2, x + w * 0.9])
    s.add(
      rect(lx, base - h1 + 40, 8, 18, '#2d3136'),
      circle(lx + 4, base - h1 + 49, 14, '#ffe4a0', { opacity: lit ? 0.45 : 0.15 }),
    );
  return { ux, uw };
}

function officeTower(s, o) {
  const { x, base, w, h } = o;
  const top = base - h;
  shadow(s, x + w / 2, base + 4, w * 0.7, 16);
  const glass = s.warm
    ? s.linear([
        [0, '#f1c9a0'],
        [0.45, '#7fa8c4'],
        [1, '#2f5f80'],
      ])
    : s.linear([
        [0, '#bfe4f4'],
        [0.4, '#6fb2d6'],
        [1, '#2c6d97'],
      ]);
  s.add(rect(x, top, w, h, glass));
  // reflections
  s.add(
    poly(
      [
        [x, top + h * 0.55],
        [x + w * 0.55, top],
        [x + w * 0.85, top],
        [x, top + h * 0.9],
      ],
      '#ffffff',
      { opacity: 0.12 },
    ),
  );
  s.add(
    poly(
      [
        [x + w * 0.45, base],
        [x + w, top + h * 0.4],
        [x + w, top + h * 0.55],
        [x + w * 0.62, base],
      ],
      '#ffffff',
      { opacity: 0.08 },
    ),
  );
  // spandrels and mullions
  const fh = o.floorH || 42;
  for (let y = top + fh; y < base - 40; y += fh) s.add(rect(x, y - 3, w, 6, '#23506e', { opacity: 0.55 }));
  for (let xx = x; xx <= x + w + 1; xx += w / Math.round(w / 44))
    s.add(line(xx, top, xx, base - 40, '#e8f3f8', 2, { opacity: 0.7 }));
  // concrete fins
  s.add(
    rect(x - 14, top - 20, 22, h + 20, o.fin || '#e9e4da'),
    rect(x + w - 8, top - 20, 22, h + 20, o.fin || '#e9e4da'),
  );
  s.add(rect(x - 20, top - 30, w + 40, 14, o.fin || '#e9e4da'));
  // entrance
  s.add(rect(x + 8, base - 40, w - 16, 40, '#2d3a44'));
  s.add(rect(x + w / 2 - 60, base - 40, 120, 40, s.glass()));
  s.add(line(x + w / 2, base - 40, x + w / 2, base, '#cfd6db', 3));
  s.add(rect(x + w / 2 - 90, base - 52, 180, 12, o.canopy || PAL.terracotta));
}

// ---------------------------------------------------------------------------------------------
// Scene templates
// ---------------------------------------------------------------------------------------------

function landscape(s, horizon, o = {}) {
  const k = sky(s, horizon);
  hills(s, horizon + 10, mix(k.haze, k.stops[2], 0.45), o.hillAmp ?? 70, 190);
  hills(s, horizon + 16, k.haze, (o.hillAmp ?? 70) * 0.5, 140);
  treeline(s, horizon + 18, shade(mix(k.haze, '#3f7a45', 0.55), -0.05));
  for (let i = 0; i < (o.farPalms ?? 4); i++) {
    palm(s, s.r.range(30, 1170), horizon + 20, s.r.range(70, 110), s.r.range(-18, 18), {
      trunk: mix(k.haze, '#6d5a45', 0.5),
      leaf: mix(k.haze, '#2f6f40', 0.6),
      leafDark: mix(k.haze, '#2f6f40', 0.7),
      noShadow: true,
      noNuts: true,
      fronds: 8,
    });
  }
  groundPlane(s, horizon + 16, o.grassTop || PAL.grass, o.grassBottom || PAL.grassDark);
  return k;
}

function driveway(s, topY, x0top, x1top, x0bot, x1bot, color = '#d8c7a3') {
  s.add(
    poly(
      [
        [x0top, topY],
        [x1top, topY],
        [x1bot, H],
        [x0bot, H],
      ],
      color,
    ),
  );
  // interlocking pavers pattern
  const rows = 10;
  for (let i = 1; i < rows; i++) {
    const t = Math.pow(i / rows, 1.3);
    const y = topY + (H - topY) * t;
    const xa = x0top + (x0bot - x0top) * t;
    const xb = x1top + (x1bot - x1top) * t;
    s.add(line(xa, y, xb, y, shade(color, -0.12), 1.5));
  }
  for (let k = 1; k < 6; k++) {
    const t = k / 6;
    s.add(line(x0top + (x1top - x0top) * t, topY, x0bot + (x1bot - x0bot) * t, H, shade(color, -0.12), 1.5));
  }
}

function road(s, y, o = {}) {
  const color = o.color || '#4a4d52';
  s.add(rect(0, y, W, H - y, color));
  s.add(rect(0, y - 8, W, 10, o.kerb || '#cfcac0'));
  if (o.kerbStripes) for (let x = 0; x < W; x += 60) s.add(rect(x, y - 8, 30, 10, '#f2c230'));
  if (o.dashes !== false)
    for (let x = 20; x < W; x += 110) s.add(rect(x, y + (H - y) * 0.55, 60, 6, '#f4f1e8'));
}

// ----- Apartments -----

function sceneApartment(s, variant) {
  const horizon = 520;
  landscape(s, horizon, { farPalms: 3 });
  if (variant === 1) {
    apartmentBlock(s, {
      x: 640,
      base: 640,
      w: 380,
      floors: 6,
      floorH: 66,
      wall: '#efe7d8',
      accent: PAL.ochre,
      bays: 4,
      balconies: true,
      ac: true,
      tanks: 3,
    });
    apartmentBlock(s, {
      x: 160,
      base: 650,
      w: 400,
      floors: 5,
      floorH: 70,
      wall: PAL.white,
      accent: PAL.terracotta,
      bays: 4,
      balconies: true,
      coreLeft: true,
      ac: true,
    });
    compoundWall(s, -10, W + 10, 700, 56, {
      color: PAL.cream,
      breeze: true,
      gate: [560, 700],
      pillarStep: 160,
    });
    driveway(s, 700, 560, 700, 470, 800);
    palm(s, 90, 712, 300, 26);
    palm(s, 1110, 716, 280, -30);
    car(s, 760, 770, 190, '#c8ced4');
    bougainvillea(s, 40, 708, 50);
    grassTufts(s, 22, 720, 795, ['#6aa63d', '#4f8a31'], 0, 440);
    grassTufts(s, 18, 720, 795, ['#6aa63d', '#4f8a31'], 990, 1200);
  } else if (variant === 2) {
    apartmentBlock(s, {
      x: 300,
      base: 660,
      w: 600,
      floors: 6,
      floorH: 70,
      wall: PAL.creamLight,
      accent: PAL.terracotta,
      bays: 6,
      balconies: true,
      glassRail: false,
      railColor: '#5a3b28',
      ac: true,
      tanks: 3,
      lit: true,
    });
    hedge(s, 0, 300, 690, 46);
    hedge(s, 900, 1200, 690, 46);
    s.add(rect(0, 690, W, 110, '#cdbb97'));
    for (let x = 20; x < W; x += 150) s.add(rect(x, 720, 4, 70, '#f4f1e8'));
    car(s, 60, 780, 200, '#8b1e2b');
    car(s, 370, 782, 200, '#eceff1');
    car(s, 830, 784, 200, '#2c4a6e');
    palm(s, 230, 690, 320, -20);
    palm(s, 970, 692, 340, 24);
    palm(s, 1120, 694, 260, -14);
  } else {
    apartmentBlock(s, {
      x: 360,
      base: 650,
      w: 480,
      floors: 5,
      floorH: 76,
      wall: '#fbfaf7',
      accent: '#5d7c8a',
      bays: 5,
      balconies: true,
      glassRail: true,
      ac: false,
      tanks: 2,
      louvre: false,
    });
    // lawn with path and a fence
    s.add(
      poly(
        [
          [560, 650],
          [640, 650],
          [760, 800],
          [440, 800],
        ],
        '#e4dccb',
      ),
    );
    picketFence(s, -10, 470, 720, 50);
    picketFence(s, 730, 1210, 720, 50);
    palm(s, 250, 655, 290, 10);
    palm(s, 300, 660, 240, -30);
    palm(s, 950, 655, 300, -12);
    broadTree(s, 1110, 690, 150);
    shrub(s, 420, 700, 40, '#4d8c3a', '#f2c14e');
    shrub(s, 780, 700, 40, '#4d8c3a', '#e0508f');
    grassTufts(s, 30, 730, 795, ['#6aa63d', '#4f8a31', '#7fb84a'], 0, 450);
    grassTufts(s, 30, 730, 795, ['#6aa63d', '#4f8a31', '#7fb84a'], 760, 1200);
  }
}

// ----- Houses -----

function sceneHouse(s, variant) {
  const horizon = 520;
  landscape(s, horizon, { farPalms: 4 });
  if (variant === 1) {
    bungalow(s, {
      x: 290,
      base: 660,
      w: 620,
      h: 150,
      wall: PAL.cream,
      roof: PAL.terracotta,
      louvre: true,
      bars: true,
      windows: 4,
    });
    acUnit(s, 830, 560, 0.8);
    polytank(s, 980, 660, 1.2);
    compoundWall(s, -10, W + 10, 712, 62, {
      color: '#efe2c6',
      breeze: true,
      gate: [520, 680],
      pillarStep: 170,
    });
    driveway(s, 712, 520, 680, 440, 760, '#cbb48f');
    palm(s, 130, 720, 320, 30);
    palm(s, 1080, 722, 300, -26);
    bougainvillea(s, 340, 714, 46);
    bougainvillea(s, 870, 714, 46);
  } else if (variant === 2) {
    twoStoreyHouse(s, {
      x: 330,
      base: 670,
      w: 540,
      wall: PAL.white,
      roof: '#8d3b2a',
      accent: PAL.ochreLight,
      louvre: false,
      bars: false,
      doorAt: 0.5,
    });
    s.add(
      poly(
        [
          [540, 670],
          [660, 670],
          [760, 800],
          [440, 800],
        ],
        '#d9cdb2',
      ),
    );
    hedge(s, 0, 470, 730, 44, '#4b8a39');
    hedge(s, 730, 1200, 730, 44, '#4b8a39');
    broadTree(s, 150, 690, 190);
    palm(s, 1000, 690, 330, -18);
    palm(s, 1110, 700, 270, 16);
    shrub(s, 360, 690, 36, '#4b8a39', '#ffffff');
    shrub(s, 840, 690, 36, '#4b8a39', '#ffffff');
    grassTufts(s, 40, 745, 798, ['#6aa63d', '#4f8a31']);
  } else {
    bungalow(s, {
      x: 240,
      base: 650,
      w: 560,
      h: 140,
      wall: PAL.ochreLight,
      roof: PAL.blueRoof,
      louvre: true,
      bars: false,
      shutters: '#2f6f5a',
      windows: 2,
      porchAt: 0.3,
      lit: true,
    });
    broadTree(s, 960, 660, 210, { dark: '#3b6e32', light: '#5c9640' });
    picketFence(s, -10, 1210, 730, 54, '#f7f3ea');
    palm(s, 110, 690, 300, 20);
    s.add(
      poly(
        [
          [360, 660],
          [470, 660],
          [520, 800],
          [300, 800],
        ],
        '#c89066',
      ),
    );
    car(s, 660, 700, 200, '#f0efe9');
    grassTufts(s, 50, 740, 798, ['#6aa63d', '#4f8a31', '#8bbf55']);
  }
}

// ----- Townhouses -----

function sceneTownhouse(s, variant) {
  const horizon = 500;
  landscape(s, horizon, { farPalms: 3 });
  if (variant === 1) {
    townhouseRow(s, {
      x: 140,
      base: 680,
      units: 4,
      louvre: false,
      doors: [PAL.wood, '#2f5d50', '#7b2d26', PAL.wood],
    });
    s.add(rect(0, 690, W, 110, '#d6c7a6'));
    for (let x = 0; x < W; x += 40) s.add(line(x, 690, x - 30, 800, '#c4b491', 1.5));
    palm(s, 70, 700, 330, 18);
    palm(s, 1120, 700, 310, -22);
    car(s, 180, 790, 190, '#b7282e');
    car(s, 880, 792, 190, '#dfe3e6');
  } else {
    townhouseRow(s, {
      x: 255,
      base: 670,
      units: 3,
      walls: ['#f4efe4', PAL.ochreLight, '#f4efe4'],
      roofs: ['#5b4a42', '#5b4a42'],
      lit: true,
    });
    compoundWall(s, -10, W + 10, 730, 50, { color: '#e9dcc0', pillarStep: 120 });
    palm(s, 140, 738, 330, 24);
    palm(s, 1050, 740, 350, -24);
    broadTree(s, 1150, 700, 130);
    grassTufts(s, 40, 742, 798, ['#6aa63d', '#4f8a31']);
  }
}

// ----- Villas -----

function pool(s, x0, x1, yTop, yBot, inset = 60) {
  s.add(
    poly(
      [
        [x0 - 18, yBot + 12],
        [x1 + 18, yBot + 12],
        [x1 - inset + 12, yTop - 8],
        [x0 + inset - 12, yTop - 8],
      ],
      '#f4f0e6',
    ),
  );
  s.add(
    poly(
      [
        [x0, yBot],
        [x1, yBot],
        [x1 - inset, yTop],
        [x0 + inset, yTop],
      ],
      s.linear([
        [0, '#7fdbe6'],
        [1, '#1f9cc0'],
      ]),
    ),
  );
  for (let i = 0; i < 9; i++) {
    const y = s.r.range(yTop + 10, yBot - 8);
    const t = (y - yTop) / (yBot - yTop);
    const xa = x0 + inset * (1 - t) + 20;
    const xb = x1 - inset * (1 - t) - 60;
    const x = s.r.range(xa, Math.max(xa + 1, xb));
    s.add(
      pathEl(`M${fmt(x)},${fmt(y)} q12,-5 24,0 t24,0`, 'none', {
        stroke: '#ffffff',
        'stroke-width': 2,
        opacity: 0.55,
      }),
    );
  }
}

function lounger(s, x, y, color = '#ffffff') {
  s.add(
    poly(
      [
        [x, y],
        [x + 80, y],
        [x + 84, y - 8],
        [x, y - 8],
      ],
      color,
    ),
    poly(
      [
        [x + 60, y - 8],
        [x + 84, y - 8],
        [x + 100, y - 34],
        [x + 92, y - 36],
      ],
      color,
    ),
    line(x + 6, y, x + 6, y + 10, '#8a8f94', 3),
    line(x + 74, y, x + 74, y + 10, '#8a8f94', 3),
  );
}

function umbrella(s, x, y, color) {
  s.add(
    line(x, y, x, y - 110, '#6b4a32', 4),
    pathEl(`M${x - 70},${y - 96} Q${x},${y - 150} ${x + 70},${y - 96} Z`, color),
    pathEl(
      `M${x - 70},${y - 96} Q${x - 35},${y - 88} ${x},${y - 96} Q${x + 35},${y - 88} ${x + 70},${y - 96}`,
      shade(color, -0.2),
      { opacity: 0.8 },
    ),
  );
}

function sceneVilla(s, variant) {
  const horizon = 500;
  landscape(s, horizon, { farPalms: 5 });
  if (variant === 1) {
    modernVilla(s, { x: 260, base: 630 });
    s.add(rect(0, 630, W, 40, '#e9e1cf'));
    pool(s, 170, 1030, 670, 760, 70);
    lounger(s, 90, 720);
    lounger(s, 1040, 728);
    umbrella(s, 1120, 720, PAL.terracotta);
    palm(s, 140, 640, 360, 30);
    palm(s, 1060, 640, 380, -30);
    palm(s, 1150, 650, 300, -10);
    s.add(rect(0, 770, W, 30, '#e9e1cf'));
  } else if (variant === 2) {
    modernVilla(s, { x: 200, base: 640, w: 640, wall: '#fbf7ee' });
    s.add(rect(0, 640, W, 30, '#eadfca'));
    pool(s, 420, 1160, 680, 770, 50);
    lounger(s, 250, 720, '#f6efe4');
    lounger(s, 250, 770, '#f6efe4');
    palm(s, 100, 660, 390, 24);
    palm(s, 960, 650, 360, -14);
    palm(s, 1110, 650, 330, 20);
    bougainvillea(s, 860, 650, 44);
  } else {
    twoStoreyHouse(s, {
      x: 300,
      base: 660,
      w: 600,
      wall: PAL.white,
      roof: PAL.terracotta,
      accent: PAL.cream,
      doorAt: 0.5,
      h1: 140,
      h2: 124,
      roofH: 80,
      lit: s.warm,
    });
    s.add(rect(0, 670, W, 130, '#efe6d3'));
    for (let x = -40; x < W + 40; x += 60) s.add(line(x, 670, x + (x - 600) * 0.25, 800, '#dcd0b8', 1.5));
    for (const yy of [700, 740, 785]) s.add(line(0, yy, W, yy, '#dcd0b8', 1.5));
    palm(s, 180, 690, 360, 20);
    palm(s, 1020, 690, 370, -24);
    palm(s, 1120, 700, 300, 12);
    umbrella(s, 240, 760, PAL.ochre);
    car(s, 620, 784, 220, '#1d1f24');
    s.add(rect(40, 760, 30, 30, '#c4623a', { rx: 3 }));
    shrub(s, 55, 762, 26, '#3f7f34');
  }
}

// ----- Land -----

function peg(s, x, y, sc) {
  s.add(
    ellipse(x + 4 * sc, y, 12 * sc, 3.5 * sc, '#1b2a14', { opacity: 0.2 }),
    rect(x - 7 * sc, y - 30 * sc, 14 * sc, 30 * sc, '#ddd7c9'),
    rect(x - 7 * sc, y - 30 * sc, 14 * sc, 9 * sc, '#c0392b'),
    rect(x + 3 * sc, y - 30 * sc, 4 * sc, 30 * sc, '#000', { opacity: 0.08 }),
  );
}

function signBoard(s, x, y, o = {}) {
  s.add(
    rect(x - 60, y - 150, 8, 150, '#5b3d27'),
    rect(x + 52, y - 150, 8, 150, '#5b3d27'),
    rect(x - 74, y - 190, 148, 92, o.board || '#ffffff'),
    rect(x - 74, y - 190, 148, 20, o.band || PAL.terracotta),
    rect(x - 60, y - 160, 70, 10, '#8a8f94'),
    rect(x - 60, y - 142, 110, 8, '#b0b5ba'),
    rect(x - 60, y - 126, 90, 8, '#b0b5ba'),
    rect(x + 34, y - 162, 28, 28, o.mark || PAL.green),
  );
}

function sceneLand(s, variant) {
  const savannah = variant === 2;
  const horizon = 480;
  landscape(s, horizon, {
    farPalms: savannah ? 0 : 5,
    hillAmp: savannah ? 30 : 80,
    grassTop: savannah ? '#c9c06a' : '#9fce5e',
    grassBottom: savannah ? '#9a9a45' : '#5f9e38',
  });
  if (savannah) {
    // sparse Guinea-savannah trees
    broadTree(s, 160, 520, 90, {
      flat: true,
      dark: '#5b7d36',
      light: '#7d9c45',
      trunk: '#5a4332',
      noShadow: true,
    });
    broadTree(s, 1000, 515, 70, {
      flat: true,
      dark: '#5b7d36',
      light: '#7d9c45',
      trunk: '#5a4332',
      noShadow: true,
    });
  }
  // the plot
  const plot = [
    [180, 760],
    [1060, 760],
    [880, 560],
    [330, 560],
  ];
  s.add(poly(plot, savannah ? '#d1b074' : '#b7d36c', { opacity: 0.9 }));
  // cleared strip of red earth
  s.add(
    poly(
      [
        [470, 760],
        [760, 760],
        [660, 560],
        [540, 560],
      ],
      savannah ? PAL.laterite : PAL.lateriteLight,
      { opacity: 0.85 },
    ),
  );
  // survey line
  s.add(polyline([...plot, plot[0]], '#fff6d6', 2, { opacity: 0.9, 'stroke-dasharray': '10 8' }));
  const tuftColors = savannah ? ['#b5a55a', '#8f8a3f', '#cdbb6a'] : ['#6aa63d', '#4f8a31', '#84bd4e'];
  grassTufts(s, 160, 560, 795, tuftColors);
  // pegs at corners and midpoints (bigger when closer)
  const pegPts = [...plot, [620, 760], [605, 560]];
  for (const [x, y] of pegPts) peg(s, x, y, 0.6 + ((y - 560) / 200) * 0.6);
  if (savannah) {
    broadTree(s, 90, 700, 200, { flat: true, dark: '#4f6f30', light: '#728f3f', trunk: '#4f3a2a' });
    shrub(s, 1120, 640, 50, '#667f35');
    shrub(s, 1010, 790, 40, '#667f35');
    signBoard(s, 1090, 780, { band: PAL.ochre, mark: PAL.terracotta });
  } else {
    palm(s, 90, 700, 330, 20);
    palm(s, 1130, 640, 280, -20);
    broadTree(s, 1040, 560, 120);
    // a neighbour's house far behind the plot
    bungalow(s, {
      x: 720,
      base: 535,
      w: 170,
      h: 52,
      wall: PAL.cream,
      roof: PAL.terracotta,
      windows: 2,
      porchW: 50,
      roofH: 30,
    });
    signBoard(s, 150, 790);
    // dirt road
    s.add(pathEl(`M0,800 L0,770 Q600,740 1200,780 L1200,800 Z`, PAL.lateriteLight));
  }
}

// ----- Commercial -----

function sceneCommercial(s, variant) {
  const horizon = 500;
  if (variant === 1) {
    landscape(s, horizon, { farPalms: 2, hillAmp: 40 });
    // annex building
    apartmentBlock(s, {
      x: 140,
      base: 660,
      w: 300,
      floors: 3,
      floorH: 72,
      wall: '#efe9dd',
      accent: '#5d7c8a',
      bays: 3,
      balconies: false,
      tanks: 0,
      coreLeft: true,
    });
    officeTower(s, { x: 480, base: 660, w: 360, h: 480 });
    apartmentBlock(s, {
      x: 880,
      base: 660,
      w: 220,
      floors: 4,
      floorH: 70,
      wall: '#f6f3ec',
      accent: PAL.ochre,
      bays: 2,
      tanks: 1,
    });
    // flags
    for (const [i, fx] of [454, 862].entries()) {
      s.add(line(fx, 690, fx, 530, '#d8dadc', 4), circle(fx, 528, 4, '#d8dadc'));
      if (i === 0) {
        s.add(
          rect(fx + 2, 532, 54, 12, '#ce1126'),
          rect(fx + 2, 544, 54, 12, '#fcd116'),
          rect(fx + 2, 556, 54, 12, '#006b3f'),
        );
        s.add(poly(star(fx + 29, 550, 6.5, 2.6), '#000000'));
      } else {
        s.add(rect(fx + 2, 532, 54, 36, '#2a7f86'), rect(fx + 2, 532, 18, 36, '#ffffff'));
      }
    }
    road(s, 700, { kerbStripes: true });
    s.add(rect(0, 660, W, 32, '#d9d4ca'));
    car(s, 120, 770, 200, '#f1f2f3');
    car(s, 760, 790, 210, '#1e3a5f');
    palm(s, 60, 690, 300, 18);
    palm(s, 1150, 690, 290, -18);
  } else if (variant === 2) {
    landscape(s, horizon, { farPalms: 3, hillAmp: 50 });
    shopRow(s, 60, 660, 1080, 5);
    road(s, 700, { kerbStripes: false });
    s.add(rect(0, 660, W, 32, '#cfc8b9'));
    car(s, 300, 780, 210, '#f3f3ef');
    car(s, 820, 770, 200, '#c9a227');
    palm(s, 30, 690, 260, 12);
  } else {
    landscape(s, horizon, { farPalms: 4, hillAmp: 60 });
    showroom(s, 180, 650, 840);
    s.add(rect(0, 650, W, 150, '#5a5e63'));
    for (let x = 60; x < W; x += 110) s.add(line(x, 680, x - 40, 800, '#f4f1e8', 4));
    car(s, 100, 760, 190, '#b3262e');
    car(s, 440, 770, 200, '#e8eaec');
    car(s, 880, 780, 200, '#33465a');
    palm(s, 90, 660, 300, 14);
    palm(s, 1110, 660, 320, -16);
  }
}

function star(cx, cy, R, r) {
  const out = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rad = i % 2 ? r : R;
    out.push([cx + Math.cos(a) * rad, cy + Math.sin(a) * rad]);
  }
  return out;
}

function shopRow(s, x, base, w, shops) {
  const h1 = 150;
  const h2 = 120;
  shadow(s, x + w / 2, base + 4, w * 0.55, 14);
  s.add(rect(x, base - h1 - h2, w, h1 + h2, '#f1ead9'));
  s.add(rect(x - 10, base - h1 - h2 - 18, w + 20, 20, '#d9cdb3'));
  const sw = w / shops;
  const awnings = [PAL.terracotta, PAL.teal, PAL.ochre, '#2f7d4a', '#8e3b5e'];
  const goods = ['#e76f51', '#f4a261', '#2a9d8f', '#e9c46a', '#264653', '#ffffff'];
  for (let i = 0; i < shops; i++) {
    const sx = x + i * sw;
    // signage band
    s.add(rect(sx + 8, base - h1 - 8, sw - 16, 30, shade(awnings[i % awnings.length], 0.1)));
    s.add(rect(sx + 24, base - h1 + 2, sw * 0.45, 10, '#ffffff', { opacity: 0.85 }));
    s.add(circle(sx + sw - 34, base - h1 + 7, 9, '#ffffff', { opacity: 0.85 }));
    if (i === 2) {
      // roller shutter half down
      s.add(rect(sx + 16, base - h1 + 26, sw - 32, h1 - 26, '#2b3035'));
      s.add(rect(sx + 16, base - h1 + 26, sw - 32, 48, '#b9bdc1'));
      for (let yy = base - h1 + 30; yy < base - h1 + 74; yy += 6)
        s.add(line(sx + 16, yy, sx + sw - 16, yy, '#9ba0a5', 1.5));
    } else {
      s.add(rect(sx + 16, base - h1 + 26, sw - 32, h1 - 26, s.glass()));
      for (let k = 0; k < 6; k++) {
        s.add(
          rect(
            sx + 26 + k * ((sw - 60) / 6),
            base - 46 - s.r.range(0, 30),
            (sw - 60) / 6 - 6,
            40,
            s.r.pick(goods),
            { opacity: 0.9 },
          ),
        );
      }
      s.add(rect(sx + 16, base - 36, sw - 32, 8, '#8f7a5a'));
      s.add(line(sx + sw / 2, base - h1 + 26, sx + sw / 2, base, '#ffffff', 3));
    }
    // awning
    const ac = awnings[i % awnings.length];
    const ay = base - h1 + 22;
    s.add(
      poly(
        [
          [sx + 6, ay],
          [sx + sw - 6, ay],
          [sx + sw + 4, ay + 34],
          [sx - 4, ay + 34],
        ],
        ac,
      ),
    );
    for (let k = 0; k < 6; k++) {
      const x0 = sx + 6 + ((sw - 12) / 6) * k;
      if (k % 2)
        s.add(
          poly(
            [
              [x0, ay],
              [x0 + (sw - 12) / 6, ay],
              [x0 + (sw - 12) / 6 - 1.5 + (k - 2.5) * 1.6, ay + 34],
              [x0 - 1.5 + (k - 3.5) * 1.6, ay + 34],
            ],
            '#ffffff',
            { opacity: 0.8 },
          ),
        );
    }
    for (let k = 0; k < 8; k++)
      s.add(circle(sx - 4 + ((sw + 8) / 8) * (k + 0.5), ay + 34, (sw + 8) / 16, ac));
    // upper windows
    windowEl(s, sx + sw * 0.18, base - h1 - h2 + 26, sw * 0.64, 62, { wall: '#f1ead9', bars: true });
    if (i % 2 === 0) acUnit(s, sx + sw - 52, base - h1 - 52, 0.6);
  }
  // pillars between shops
  for (let i = 0; i <= shops; i++) s.add(rect(x + i * sw - 6, base - h1 - h2, 12, h1 + h2, '#e3d8c0'));
  polytank(s, x + w - 80, base - h1 - h2 - 18, 0.9);
}

function showroom(s, x, base, w) {
  const h = 250;
  shadow(s, x + w / 2, base + 4, w * 0.56, 14);
  s.add(rect(x, base - h, w, h, '#c9ced2'));
  for (let yy = base - h + 10; yy < base - 150; yy += 9) s.add(line(x, yy, x + w, yy, '#b3b9be', 2));
  // big sign band
  s.add(rect(x, base - h - 28, w, 40, '#1f5f7a'));
  s.add(rect(x + 40, base - h - 18, 220, 20, '#ffffff', { opacity: 0.9 }));
  s.add(circle(x + w - 60, base - h - 8, 16, PAL.ochre));
  // glass frontage
  const gx = x + 30;
  const gw = w * 0.62;
  s.add(rect(gx, base - 150, gw, 150, s.glass()));
  for (let xx = gx; xx <= gx + gw + 1; xx += gw / 7) s.add(line(xx, base - 150, xx, base, '#e6ecef', 4));
  s.add(line(gx, base - 75, gx + gw, base - 75, '#e6ecef', 3));
  s.add(
    poly(
      [
        [gx + 40, base],
        [gx + 150, base - 150],
        [gx + 200, base - 150],
        [gx + 90, base],
      ],
      '#ffffff',
      { opacity: 0.18 },
    ),
  );
  // loading bays
  const lx = gx + gw + 30;
  for (let i = 0; i < 2; i++) {
    const bx = lx + i * 125;
    if (bx + 105 > x + w) break;
    s.add(rect(bx, base - 130, 105, 130, '#e9eaeb'));
    for (let yy = base - 124; yy < base; yy += 8) s.add(line(bx + 3, yy, bx + 102, yy, '#c4c8cb', 2));
    s.add(rect(bx - 6, base - 138, 117, 10, '#f2c230'));
  }
  s.add(rect(x - 20, base - 160, w + 40, 12, '#eef0f1'));
  s.add(rect(x - 20, base - 148, w + 40, 4, '#000', { opacity: 0.12 }));
}

// ----- Interiors -----

function floorPerspective(s, top, color, lineColor, vp) {
  s.add(rect(0, top, W, H - top, color));
  for (let xb = -1800; xb <= W + 1800; xb += 150) {
    const xt = vp[0] + ((xb - vp[0]) * (top - vp[1])) / (H - vp[1]);
    s.add(line(xt, top, xb, H, lineColor, 1.6));
  }
  let y = top + 8;
  let step = 10;
  while (y < H) {
    s.add(line(0, y, W, y, lineColor, 1.2, { opacity: 0.7 }));
    step *= 1.35;
    y += step;
  }
}

function windowView(s, x, y, w, h, o = {}) {
  s.add(rect(x - 14, y - 14, w + 28, h + 28, '#ffffff'));
  s.add(
    rect(
      x,
      y,
      w,
      h,
      s.linear([
        [0, '#7cc0ee'],
        [1, '#e0f3fb'],
      ]),
    ),
  );
  // outside view: clouds, hill, palm
  s.add(ellipse(x + w * 0.3, y + h * 0.25, w * 0.18, h * 0.05, '#ffffff', { opacity: 0.9 }));
  s.add(
    pathEl(
      `M${x},${y + h * 0.78} Q${x + w * 0.4},${y + h * 0.6} ${x + w},${y + h * 0.72} L${x + w},${y + h} L${x},${y + h} Z`,
      '#8cc26a',
    ),
  );
  palm(s, x + w * 0.72, y + h, h * 0.75, -10, { noShadow: true, fronds: 9 });
  s.add(
    line(x + w / 2, y, x + w / 2, y + h, '#ffffff', 8),
    line(x, y + h * 0.4, x + w, y + h * 0.4, '#ffffff', 6),
  );
  // curtains
  if (o.curtain) {
    const c = o.curtain;
    s.add(
      pathEl(
        `M${x - 60},${y - 30} L${x + 30},${y - 30} Q${x + 10},${y + h * 0.5} ${x + 40},${y + h + 40} L${x - 60},${y + h + 40} Z`,
        c,
      ),
    );
    s.add(
      pathEl(
        `M${x + w + 60},${y - 30} L${x + w - 30},${y - 30} Q${x + w - 10},${y + h * 0.5} ${x + w - 40},${y + h + 40} L${x + w + 60},${y + h + 40} Z`,
        c,
      ),
    );
    for (const cx of [x - 40, x - 10, x + w + 10, x + w + 40])
      s.add(line(cx, y - 28, cx, y + h + 38, shade(c, -0.15), 3, { opacity: 0.6 }));
    s.add(rect(x - 80, y - 40, w + 160, 10, '#5b3d27', { rx: 4 }));
  }
}

function plant(s, x, base, size) {
  s.add(
    poly(
      [
        [x - size * 0.3, base - size * 0.55],
        [x + size * 0.3, base - size * 0.55],
        [x + size * 0.22, base],
        [x - size * 0.22, base],
      ],
      '#c4623a',
    ),
  );
  for (let i = 0; i < 9; i++) {
    const a = -Math.PI / 2 + (i - 4) * 0.32;
    const L = size * s.r.range(0.9, 1.4);
    const tx = x + Math.cos(a) * L;
    const ty = base - size * 0.55 + Math.sin(a) * L;
    s.add(
      pathEl(
        `M${fmt(x)},${fmt(base - size * 0.55)} Q${fmt(x + Math.cos(a) * L * 0.3 - 14)},${fmt(base - size * 0.55 + Math.sin(a) * L * 0.6)} ${fmt(tx)},${fmt(ty)} Q${fmt(x + Math.cos(a) * L * 0.6 + 14)},${fmt(base - size * 0.55 + Math.sin(a) * L * 0.4)} ${fmt(x)},${fmt(base - size * 0.55)} Z`,
        i % 2 ? '#3f8f45' : '#2f7038',
      ),
    );
  }
}

function kenteCushion(s, x, y, w, h, colors) {
  s.add(rect(x, y, w, h, colors[0], { rx: 8 }));
  const n = 5;
  for (let i = 1; i < n; i += 2) s.add(rect(x + (w / n) * i, y, w / n, h, colors[1]));
  s.add(rect(x, y + h * 0.42, w, h * 0.16, colors[2]));
  s.add(rect(x, y + h * 0.47, w, h * 0.06, '#1f1f1f'));
}

function wallArt(s, x, y, w, h, palette) {
  s.add(rect(x - 8, y - 8, w + 16, h + 16, '#3a2a1f'), rect(x, y, w, h, '#f7f1e5'));
  s.add(circle(x + w * 0.35, y + h * 0.45, h * 0.28, palette[0]));
  s.add(rect(x + w * 0.5, y + h * 0.2, w * 0.32, h * 0.6, palette[1], { opacity: 0.9 }));
  s.add(
    poly(
      [
        [x + w * 0.1, y + h * 0.9],
        [x + w * 0.5, y + h * 0.55],
        [x + w * 0.9, y + h * 0.9],
      ],
      palette[2],
      { opacity: 0.85 },
    ),
  );
}

function ceilingFan(s, x, y) {
  s.add(
    line(x, 0, x, y, '#6b5a4a', 4),
    ellipse(x, y, 22, 10, '#5b3d27'),
    ellipse(x - 90, y + 4, 80, 8, '#7a5236'),
    ellipse(x + 90, y + 4, 80, 8, '#7a5236'),
    ellipse(x, y + 14, 14, 7, '#f3e3b8'),
  );
}

function splitAc(s, x, y) {
  s.add(
    rect(x, y, 200, 56, '#f7f8f9', { rx: 10 }),
    rect(x + 10, y + 40, 180, 6, '#d9dde0', { rx: 3 }),
    circle(x + 180, y + 14, 3, '#4caf50'),
  );
}

function sceneInterior(s, variant) {
  const wallTop = variant === 1 ? '#f3e9d8' : '#e9eef0';
  const wallBot = variant === 1 ? '#eadcc4' : '#dde4e6';
  const floorTop = 560;
  s.add(
    rect(
      0,
      0,
      W,
      floorTop,
      s.linear([
        [0, wallTop],
        [1, wallBot],
      ]),
    ),
  );
  // skirting and ceiling cornice
  s.add(rect(0, 0, W, 22, '#ffffff'), rect(0, 22, W, 4, '#000', { opacity: 0.05 }));
  if (variant === 1) {
    // living room: wood floor
    floorPerspective(s, floorTop, '#b9804f', '#a06b3f', [600, 380]);
    s.add(rect(0, floorTop - 14, W, 16, '#ffffff'));
    // accent wall section behind sofa
    s.add(rect(120, 26, 560, floorTop - 40, '#d9a441', { opacity: 0.35 }));
    windowView(s, 800, 150, 280, 300, { curtain: '#f2e6cf' });
    wallArt(s, 230, 150, 150, 110, [PAL.terracotta, PAL.teal, PAL.ochre]);
    wallArt(s, 420, 170, 110, 90, ['#2f7d4a', PAL.ochre, PAL.terracotta]);
    splitAc(s, 330, 50);
    ceilingFan(s, 600, 90);
    // rug
    s.add(
      poly(
        [
          [150, 760],
          [1000, 760],
          [880, 640],
          [270, 640],
        ],
        '#e9dcc4',
      ),
    );
    s.add(
      poly(
        [
          [190, 745],
          [960, 745],
          [855, 652],
          [295, 652],
        ],
        'none',
        { stroke: PAL.terracotta, 'stroke-width': 6 },
      ),
    );
    // sofa
    const sx = 150;
    const sy = 470;
    const sw = 560;
    shadow(s, sx + sw / 2, 640, sw * 0.55, 16, 0.2);
    s.add(rect(sx, sy, sw, 110, '#5e7b7f', { rx: 18 }));
    s.add(rect(sx + 20, sy + 60, sw - 40, 60, '#6e8e92', { rx: 12 }));
    s.add(
      rect(sx - 20, sy + 40, 60, 110, '#547175', { rx: 18 }),
      rect(sx + sw - 40, sy + 40, 60, 110, '#547175', { rx: 18 }),
    );
    s.add(rect(sx, sy + 140, sw, 14, '#415a5d'));
    for (const lx of [sx + 10, sx + sw - 20]) s.add(rect(lx, sy + 154, 10, 22, '#3a2a1f'));
    s.add(
      line(sx + sw / 3, sy + 64, sx + sw / 3, sy + 118, '#547175', 3),
      line(sx + (2 * sw) / 3, sy + 64, sx + (2 * sw) / 3, sy + 118, '#547175', 3),
    );
    kenteCushion(s, sx + 50, sy + 20, 90, 70, ['#f2c230', '#2f7d4a', '#c0392b']);
    kenteCushion(s, sx + sw - 140, sy + 20, 90, 70, ['#c0392b', '#f2c230', '#2f7d4a']);
    s.add(rect(sx + sw / 2 - 45, sy + 24, 90, 66, '#f3ead8', { rx: 8 }));
    // coffee table
    s.add(
      ellipse(560, 690, 160, 26, '#000', { opacity: 0.12 }),
      rect(420, 640, 280, 20, '#6b4423', { rx: 4 }),
      rect(440, 660, 12, 36, '#5b3a1e'),
      rect(668, 660, 12, 36, '#5b3a1e'),
    );
    s.add(rect(470, 626, 70, 14, '#d9a441'), circle(620, 628, 14, '#ffffff'), circle(620, 628, 8, '#c4623a'));
    // floor lamp and plants
    s.add(
      line(90, 640, 90, 330, '#2d2d2d', 5),
      poly(
        [
          [50, 330],
          [130, 330],
          [115, 280],
          [65, 280],
        ],
        '#f6e7c1',
      ),
      ellipse(90, 642, 30, 6, '#2d2d2d'),
    );
    s.add(circle(90, 320, 60, '#ffe9b0', { opacity: 0.25 }));
    plant(s, 760, 650, 90);
    plant(s, 1120, 700, 110);
    // side table with a TV console on the right wall
    s.add(
      rect(880, 520, 240, 60, '#6b4423'),
      rect(890, 530, 100, 40, '#5a381c'),
      rect(1000, 530, 110, 40, '#5a381c'),
    );
  } else {
    // bedroom: tiled floor
    floorPerspective(s, floorTop, '#d9d2c4', '#c2b9a8', [600, 360]);
    s.add(rect(0, floorTop - 12, W, 14, '#ffffff'));
    windowView(s, 110, 140, 240, 280, { curtain: '#cfe0d6' });
    splitAc(s, 760, 60);
    // headboard and bed
    const bx = 430;
    const bw = 460;
    s.add(rect(bx - 30, 250, bw + 60, 300, '#3f5e6b', { rx: 16 }));
    for (let xx = bx; xx < bx + bw; xx += bw / 5)
      s.add(line(xx + bw / 10, 262, xx + bw / 10, 530, '#35505c', 3));
    wallArt(s, bx + bw / 2 - 90, 110, 180, 110, [PAL.ochre, PAL.terracotta, '#2f7d4a']);
    shadow(s, bx + bw / 2, 760, bw * 0.62, 18, 0.2);
    s.add(
      poly(
        [
          [bx - 20, 430],
          [bx + bw + 20, 430],
          [bx + bw + 90, 740],
          [bx - 90, 740],
        ],
        '#fbf8f2',
      ),
    );
    s.add(rect(bx - 96, 736, bw + 192, 40, '#8a5a36', { rx: 4 }), rect(bx - 96, 736, bw + 192, 8, '#a47148'));
    // throw (kente-inspired stripes)
    s.add(
      poly(
        [
          [bx - 52, 600],
          [bx + bw + 52, 600],
          [bx + bw + 75, 680],
          [bx - 75, 680],
        ],
        '#c4623a',
      ),
    );
    for (let k = 0; k < 12; k++) {
      const t0 = k / 12;
      const t1 = (k + 0.5) / 12;
      const xa0 = bx - 52 + (bw + 104) * t0;
      const xa1 = bx - 52 + (bw + 104) * t1;
      const xb0 = bx - 75 + (bw + 150) * t0;
      const xb1 = bx - 75 + (bw + 150) * t1;
      s.add(
        poly(
          [
            [xa0, 600],
            [xa1, 600],
            [xb1, 680],
            [xb0, 680],
          ],
          k % 3 ? '#f2c230' : '#2f7d4a',
          { opacity: 0.9 },
        ),
      );
    }
    s.add(rect(bx - 70, 636, bw + 140, 8, '#1f1f1f', { opacity: 0.6 }));
    // pillows
    s.add(
      rect(bx + 20, 400, 190, 70, '#ffffff', { rx: 22 }),
      rect(bx + bw - 210, 400, 190, 70, '#ffffff', { rx: 22 }),
    );
    s.add(rect(bx + 130, 430, 200, 56, '#d9a441', { rx: 18 }));
    // nightstands and lamps
    for (const nx of [bx - 190, bx + bw + 50]) {
      s.add(
        rect(nx, 470, 130, 130, '#8a5a36'),
        line(nx + 8, 535, nx + 122, 535, '#6b4423', 3),
        circle(nx + 65, 505, 4, '#e0b84a'),
        circle(nx + 65, 565, 4, '#e0b84a'),
      );
      s.add(
        rect(nx + 58, 420, 14, 50, '#d7c7a6'),
        poly(
          [
            [nx + 30, 420],
            [nx + 100, 420],
            [nx + 88, 370],
            [nx + 42, 370],
          ],
          '#f6e7c1',
        ),
      );
      s.add(circle(nx + 65, 400, 70, '#ffe9b0', { opacity: 0.2 }));
    }
    // wardrobe on the right
    s.add(
      rect(1080, 140, 140, 420, '#a47148'),
      line(1150, 150, 1150, 550, '#7d5232', 3),
      rect(1136, 330, 6, 40, '#e0b84a'),
      rect(1158, 330, 6, 40, '#e0b84a'),
    );
    // rug
    s.add(
      ellipse(230, 720, 170, 44, '#c9d7cf'),
      ellipse(230, 720, 140, 32, 'none', { stroke: '#9fb4a8', 'stroke-width': 4 }),
    );
    plant(s, 1110, 720, 100);
  }
}

// ---------------------------------------------------------------------------------------------
// Catalogue of images
// ---------------------------------------------------------------------------------------------

const IMAGES = [
  ['apartment-1', 'day', sceneApartment, 1],
  ['apartment-2', 'golden', sceneApartment, 2],
  ['apartment-3', 'bright', sceneApartment, 3],
  ['house-1', 'day', sceneHouse, 1],
  ['house-2', 'bright', sceneHouse, 2],
  ['house-3', 'golden', sceneHouse, 3],
  ['townhouse-1', 'day', sceneTownhouse, 1],
  ['townhouse-2', 'dusk', sceneTownhouse, 2],
  ['villa-1', 'bright', sceneVilla, 1],
  ['villa-2', 'golden', sceneVilla, 2],
  ['villa-3', 'day', sceneVilla, 3],
  ['land-1', 'day', sceneLand, 1],
  ['land-2', 'golden', sceneLand, 2],
  ['commercial-1', 'bright', sceneCommercial, 1],
  ['commercial-2', 'day', sceneCommercial, 2],
  ['commercial-3', 'golden', sceneCommercial, 3],
  ['interior-1', 'day', sceneInterior, 1],
  ['interior-2', 'day', sceneInterior, 2],
];

export function renderSvg(name) {
  const entry = IMAGES.find((e) => e[0] === name);
  if (!entry) throw new Error(`unknown image ${name}`);
  const [, mode, fn, variant] = entry;
  const s = new Scene(name, mode);
  fn(s, variant);
  return s.toSvg();
}

export const IMAGE_NAMES = IMAGES.map((e) => e[0]);

async function main() {
  const args = process.argv.slice(2);
  const onlyIdx = args.indexOf('--only');
  const only = onlyIdx >= 0 ? new Set(args[onlyIdx + 1].split(',')) : null;
  const pngIdx = args.indexOf('--png');
  const pngDir = pngIdx >= 0 ? path.resolve(args[pngIdx + 1]) : null;
  const sharp = loadSharp();
  fs.mkdirSync(outDir, { recursive: true });
  if (pngDir) fs.mkdirSync(pngDir, { recursive: true });
  let total = 0;
  for (const name of IMAGE_NAMES) {
    if (only && !only.has(name)) continue;
    const svg = Buffer.from(renderSvg(name));
    const file = path.join(outDir, `${name}.webp`);
    const buf = await sharp(svg).webp({ quality: QUALITY, effort: 6, smartSubsample: true }).toBuffer();
    fs.writeFileSync(file, buf);
    total += buf.length;
    if (pngDir)
      await sharp(svg)
        .png()
        .toFile(path.join(pngDir, `${name}.png`));
    console.log(`${name}.webp  ${(buf.length / 1024).toFixed(1)} KB`);
  }
  console.log(`total ${(total / 1024).toFixed(1)} KB -> ${path.relative(process.cwd(), outDir) || outDir}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
