import sharp from 'sharp';
import { seededRandom } from '../lib/seeded-random.ts';

/**
 * The demo's pictures, drawn here as SVG and rendered to JPEG with sharp: nothing comes from the
 * internet, and the same seed always gives the same picture, so a demo run is repeatable. No text is
 * drawn (the machine may have no fonts).
 */
export type SceneKind = 'facade' | 'sky' | 'windows' | 'plan' | 'interior';

export interface SceneRequest {
  kind: SceneKind;
  width: number;
  height: number;
  /** Picks the shapes and colours; the same seed gives the same picture. */
  seed: number;
  /** The project's main hue, 0 to 360. */
  hue: number;
}

const hsl = (hue: number, saturation: number, lightness: number) => `hsl(${Math.round(((hue % 360) + 360) % 360)},${saturation}%,${lightness}%)`;
const round = (value: number) => Math.round(value * 10) / 10;
const rect = (x: number, y: number, width: number, height: number, fill: string, extra = '') =>
  `<rect x="${round(x)}" y="${round(y)}" width="${round(width)}" height="${round(height)}" fill="${fill}"${extra}/>`;
const polygon = (points: [number, number][], fill: string, extra = '') =>
  `<polygon points="${points.map(([x, y]) => `${round(x)},${round(y)}`).join(' ')}" fill="${fill}"${extra}/>`;

function skyGradient(id: string, hue: number, dusk: boolean): string {
  const top = dusk ? hsl(hue + 200, 45, 38) : hsl(205, 70, 62);
  const bottom = dusk ? hsl(hue + 20, 80, 72) : hsl(200, 60, 88);
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
}

/** A building seen from the street: sky, one or two volumes, a grid of windows, its shadow side. */
function facade({ width: w, height: h, hue }: SceneRequest, random: () => number): string {
  const horizon = h * (0.78 + random() * 0.08);
  const parts = [`<defs>${skyGradient('sky', hue, random() < 0.3)}</defs>`, rect(0, 0, w, h, 'url(#sky)'), rect(0, horizon, w, h - horizon, hsl(hue, 8, 42))];
  const volumes = random() < 0.5 ? 1 : 2;
  let left = w * (0.08 + random() * 0.08);
  for (let volume = 0; volume < volumes; volume += 1) {
    const volumeWidth = w * (volumes === 1 ? 0.7 : 0.4) * (0.85 + random() * 0.2);
    const top = h * (0.12 + random() * 0.25);
    const wall = hsl(hue + volume * 25, 18 + random() * 30, 62 + random() * 20);
    const depth = volumeWidth * 0.12;
    parts.push(rect(left, top, volumeWidth, horizon - top, wall));
    parts.push(
      polygon(
        [
          [left + volumeWidth, top],
          [left + volumeWidth + depth, top + depth * 0.5],
          [left + volumeWidth + depth, horizon],
          [left + volumeWidth, horizon],
        ],
        hsl(hue + volume * 25, 15, 38),
      ),
    );
    const columns = 3 + Math.floor(random() * 4);
    const rows = 3 + Math.floor(random() * 5);
    const cellWidth = volumeWidth / columns;
    const cellHeight = (horizon - top) / (rows + 0.6);
    for (let row = 0; row < rows; row += 1) {
      for (let column = 0; column < columns; column += 1) {
        const x = left + column * cellWidth + cellWidth * 0.18;
        const y = top + cellHeight * 0.35 + row * cellHeight;
        const lit = random() < 0.25;
        parts.push(
          rect(
            x,
            y,
            cellWidth * 0.64,
            cellHeight * 0.62,
            lit ? hsl(45, 90, 75) : hsl(210, 30, 28 + random() * 15),
            ` stroke="${hsl(hue, 10, 25)}" stroke-width="${round(cellWidth * 0.03)}"`,
          ),
        );
      }
      parts.push(rect(left - cellWidth * 0.05, top + (row + 1) * cellHeight, volumeWidth + cellWidth * 0.1, cellHeight * 0.05, hsl(hue, 10, 30)));
    }
    left += volumeWidth + depth + w * 0.04;
  }
  for (let tree = 0; tree < 3; tree += 1) {
    const x = w * (0.1 + random() * 0.8);
    const radius = h * (0.05 + random() * 0.05);
    parts.push(
      `<circle cx="${round(x)}" cy="${round(horizon - radius * 0.8)}" r="${round(radius)}" fill="${hsl(110 + random() * 30, 35, 30 + random() * 10)}" opacity="0.92"/>`,
    );
  }
  return parts.join('');
}

/** A wide sky over low roofs: gradient, sun, clouds and a skyline's silhouette. */
function sky({ width: w, height: h, hue }: SceneRequest, random: () => number): string {
  const parts = [`<defs>${skyGradient('sky', hue, random() < 0.6)}</defs>`, rect(0, 0, w, h, 'url(#sky)')];
  parts.push(
    `<circle cx="${round(w * (0.2 + random() * 0.6))}" cy="${round(h * (0.25 + random() * 0.25))}" r="${round(h * 0.08)}" fill="${hsl(45, 95, 88)}" opacity="0.9"/>`,
  );
  for (let cloud = 0; cloud < 6; cloud += 1) {
    const x = random() * w;
    const y = h * (0.08 + random() * 0.4);
    parts.push(
      `<ellipse cx="${round(x)}" cy="${round(y)}" rx="${round(w * (0.06 + random() * 0.1))}" ry="${round(h * (0.02 + random() * 0.03))}" fill="#ffffff" opacity="${round(0.35 + random() * 0.4)}"/>`,
    );
  }
  let x = 0;
  while (x < w) {
    const blockWidth = w * (0.04 + random() * 0.09);
    const blockHeight = h * (0.1 + random() * 0.28);
    parts.push(rect(x, h - blockHeight, blockWidth + 1, blockHeight, hsl(hue + 180, 20, 14 + random() * 12)));
    x += blockWidth;
  }
  return parts.join('');
}

/** A close-up of a facade: vertical slats in front of a glazing that reflects the sky. */
function windows({ width: w, height: h, hue }: SceneRequest, random: () => number): string {
  const parts = [`<defs>${skyGradient('glass', hue, false)}</defs>`, rect(0, 0, w, h, hsl(hue, 25, 55))];
  const glazingTop = h * 0.1;
  parts.push(rect(w * 0.06, glazingTop, w * 0.88, h * 0.8, 'url(#glass)'));
  for (let mullion = 1; mullion < 4; mullion += 1)
    parts.push(rect(w * 0.06 + (w * 0.88 * mullion) / 4 - w * 0.004, glazingTop, w * 0.008, h * 0.8, hsl(hue, 5, 20)));
  const slatWidth = w * (0.018 + random() * 0.012);
  const gap = slatWidth * (0.8 + random() * 1.2);
  for (let x = w * 0.02; x < w; x += slatWidth + gap) {
    parts.push(rect(x, 0, slatWidth, h, hsl(hue + 20, 35 + random() * 10, 38 + random() * 14)));
    parts.push(rect(x + slatWidth, 0, slatWidth * 0.25, h, 'rgba(0,0,0,0.18)'));
  }
  parts.push(rect(0, h * 0.92, w, h * 0.08, hsl(hue, 10, 30)));
  return parts.join('');
}

/** A floor plan: paper, a faint grid, rooms cut out of a rectangle, door swings, a north arrow. */
function plan({ width: w, height: h, hue }: SceneRequest, random: () => number): string {
  const ink = hsl(hue, 30, 18);
  const parts = [rect(0, 0, w, h, '#f6f3ec')];
  const step = Math.max(12, Math.round(w / 40));
  for (let x = 0; x < w; x += step) parts.push(rect(x, 0, 1, h, hsl(205, 50, 85)));
  for (let y = 0; y < h; y += step) parts.push(rect(0, y, w, 1, hsl(205, 50, 85)));
  const margin = Math.min(w, h) * 0.12;
  const wall = Math.max(3, w * 0.008);
  const box = { x: margin, y: margin, width: w - margin * 2, height: h - margin * 2 };
  const rooms = [box];
  for (let cut = 0; cut < 5; cut += 1) {
    const room = rooms.sort((a, b) => b.width * b.height - a.width * a.height).shift()!;
    const vertical = room.width > room.height;
    const share = 0.35 + random() * 0.3;
    if (vertical) rooms.push({ ...room, width: room.width * share }, { ...room, x: room.x + room.width * share, width: room.width * (1 - share) });
    else rooms.push({ ...room, height: room.height * share }, { ...room, y: room.y + room.height * share, height: room.height * (1 - share) });
  }
  for (const [index, room] of rooms.entries()) {
    parts.push(
      rect(
        room.x,
        room.y,
        room.width,
        room.height,
        index % 2 === 0 ? hsl(hue, 40, 92) : hsl(hue + 40, 35, 90),
        ` stroke="${ink}" stroke-width="${round(wall)}"`,
      ),
    );
    const door = Math.min(room.width, room.height) * 0.22;
    const doorX = room.x + room.width * 0.15;
    parts.push(rect(doorX, room.y - wall, door, wall * 2, '#f6f3ec'));
    parts.push(
      `<path d="M${round(doorX)},${round(room.y)} L${round(doorX)},${round(room.y + door)} A${round(door)},${round(door)} 0 0 0 ${round(doorX + door)},${round(room.y)}" fill="none" stroke="${ink}" stroke-width="${round(wall * 0.3)}"/>`,
    );
    parts.push(
      rect(
        room.x + room.width * 0.55,
        room.y + room.height * 0.5,
        room.width * 0.3,
        room.height * 0.25,
        'none',
        ` stroke="${ink}" stroke-width="${round(wall * 0.3)}" stroke-dasharray="${round(wall)},${round(wall)}"`,
      ),
    );
  }
  const arrow = margin * 0.5;
  parts.push(
    polygon(
      [
        [w - margin * 0.5, margin * 0.2],
        [w - margin * 0.5 - arrow * 0.3, margin * 0.2 + arrow],
        [w - margin * 0.5 + arrow * 0.3, margin * 0.2 + arrow],
      ],
      ink,
    ),
  );
  return parts.join('');
}

/** A room in one-point perspective: back wall with a window, floorboards, a beam of light, a table. */
function interior({ width: w, height: h, hue }: SceneRequest, random: () => number): string {
  const back = { x: w * (0.28 + random() * 0.06), y: h * 0.25, width: w * 0.4, height: h * 0.42 };
  const backRight = back.x + back.width;
  const backBottom = back.y + back.height;
  const parts = [`<defs>${skyGradient('view', hue, random() < 0.4)}</defs>`];
  parts.push(
    polygon(
      [
        [0, 0],
        [w, 0],
        [backRight, back.y],
        [back.x, back.y],
      ],
      hsl(hue, 10, 92),
    ),
  );
  parts.push(
    polygon(
      [
        [0, 0],
        [back.x, back.y],
        [back.x, backBottom],
        [0, h],
      ],
      hsl(hue, 20, 78),
    ),
  );
  parts.push(
    polygon(
      [
        [w, 0],
        [w, h],
        [backRight, backBottom],
        [backRight, back.y],
      ],
      hsl(hue, 18, 70),
    ),
  );
  parts.push(
    polygon(
      [
        [0, h],
        [back.x, backBottom],
        [backRight, backBottom],
        [w, h],
      ],
      hsl(30, 40, 52),
    ),
  );
  for (let board = 1; board < 12; board += 1) {
    const share = board / 12;
    parts.push(
      `<line x1="${round(back.x + back.width * share)}" y1="${round(backBottom)}" x2="${round(w * share)}" y2="${h}" stroke="${hsl(30, 35, 40)}" stroke-width="${round(w * 0.002)}"/>`,
    );
  }
  parts.push(rect(back.x, back.y, back.width, back.height, hsl(hue, 12, 86)));
  const opening = { x: back.x + back.width * 0.2, y: back.y + back.height * 0.12, width: back.width * 0.6, height: back.height * 0.62 };
  parts.push(rect(opening.x, opening.y, opening.width, opening.height, 'url(#view)', ` stroke="${hsl(hue, 10, 30)}" stroke-width="${round(w * 0.004)}"`));
  parts.push(
    polygon(
      [
        [opening.x, opening.y + opening.height],
        [opening.x + opening.width, opening.y + opening.height],
        [w * 0.8, h],
        [w * 0.15, h],
      ],
      '#fff8dc',
      ' opacity="0.28"',
    ),
  );
  const table = { x: w * 0.35, y: h * 0.74, width: w * 0.3, height: h * 0.05 };
  parts.push(rect(table.x, table.y, table.width, table.height, hsl(hue + 180, 30, 30)));
  for (const legX of [table.x + table.width * 0.05, table.x + table.width * 0.92])
    parts.push(rect(legX, table.y + table.height, table.width * 0.03, h * 0.1, hsl(hue + 180, 30, 22)));
  parts.push(`<circle cx="${round(table.x + table.width * 0.7)}" cy="${round(table.y - h * 0.04)}" r="${round(h * 0.04)}" fill="${hsl(120, 35, 35)}"/>`);
  return parts.join('');
}

const scenes: Record<SceneKind, (request: SceneRequest, random: () => number) => string> = { facade, sky, windows, plan, interior };

export function sceneSvg(request: SceneRequest): string {
  const body = scenes[request.kind](request, seededRandom(request.seed));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${request.width}" height="${request.height}" viewBox="0 0 ${request.width} ${request.height}">${body}</svg>`;
}

/** The scene as a JPEG, as a studio's camera or drawing export would upload it. */
export async function renderScene(request: SceneRequest): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(request)))
    .jpeg({ quality: 84, mozjpeg: true })
    .toBuffer();
}
