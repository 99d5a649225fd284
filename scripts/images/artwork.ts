/**
 * Our own artwork, drawn as SVG and rasterised with sharp into src/images
 * (`npm run images`): a stylised illustration per pest, the home hero and
 * the logo. Each pest is built from simple parts: body segments, legs,
 * antennae, wings and stripes.
 */
interface Segment {
  cx: number
  cy: number
  rx: number
  ry: number
  color?: string
}
export interface BugSpec {
  /** Head first, tail last: at least one segment. */
  body: [Segment, ...Segment[]]
  color: string
  legs: { count: 6 | 8; length: number; from: number; to: number; bend?: number; width?: number; hindBoost?: number }
  antennae?: { length: number; curl?: number }
  wings?: { rx: number; ry: number; at: number }
  stripes?: { segment: number; count: number; color: string }
  tails?: number
  segments?: number
}

const f = (n: number) => n.toFixed(1)

/** A bug seen from above, centred at (0,0), head towards negative y. */
export function drawBug(spec: BugSpec): string {
  const parts: string[] = []
  const head = spec.body[0]
  const tail = spec.body.at(-1) ?? head
  // Legs: pairs spread along the body between `from` and `to` (y positions).
  const pairs = spec.legs.count / 2
  for (let i = 0; i < pairs; i++) {
    const y = spec.legs.from + ((spec.legs.to - spec.legs.from) * i) / Math.max(1, pairs - 1)
    const angle = -0.9 + (1.8 * i) / Math.max(1, pairs - 1)
    const length = spec.legs.length * (i === pairs - 1 ? (spec.legs.hindBoost ?? 1) : 1)
    for (const side of [-1, 1]) {
      const kx = side * length * 0.55
      const ky = y + Math.sin(angle) * length * 0.35 - (spec.legs.bend ?? 10)
      const ex = side * length
      const ey = y + Math.sin(angle) * length * 0.9 + (spec.legs.bend ?? 10)
      parts.push(
        `<path d="M0 ${f(y)} Q${f(kx)} ${f(ky)} ${f(ex)} ${f(ey)}" stroke="${spec.color}" stroke-width="${spec.legs.width ?? 5}" fill="none" stroke-linecap="round"/>`,
      )
    }
  }
  if (spec.wings) {
    const y = spec.wings.at
    for (const side of [-1, 1])
      parts.push(
        `<ellipse cx="${f(side * spec.wings.rx * 0.7)}" cy="${f(y)}" rx="${f(spec.wings.rx)}" ry="${f(spec.wings.ry)}" transform="rotate(${side * 25} ${f(side * spec.wings.rx * 0.7)} ${f(y)})" fill="#e0f2fe" fill-opacity="0.75" stroke="#94a3b8" stroke-width="2"/>`,
      )
  }
  if (spec.tails) {
    for (let i = 0; i < spec.tails; i++) {
      const dx = (i - (spec.tails - 1) / 2) * 22
      parts.push(
        `<path d="M0 ${f(tail.cy + tail.ry - 4)} Q${f(dx * 0.5)} ${f(tail.cy + tail.ry + 40)} ${f(dx * 1.6)} ${f(tail.cy + tail.ry + 85)}" stroke="${spec.color}" stroke-width="4" fill="none" stroke-linecap="round"/>`,
      )
    }
  }
  for (const s of [...spec.body].reverse())
    parts.push(
      `<ellipse cx="${f(s.cx)}" cy="${f(s.cy)}" rx="${f(s.rx)}" ry="${f(s.ry)}" fill="${s.color ?? spec.color}"/>`,
    )
  if (spec.stripes) {
    const s = spec.body[spec.stripes.segment] ?? head
    for (let i = 1; i <= spec.stripes.count; i++) {
      const y = s.cy - s.ry + (2 * s.ry * i) / (spec.stripes.count + 1)
      const half = s.rx * Math.sqrt(Math.max(0, 1 - ((y - s.cy) / s.ry) ** 2))
      parts.push(
        `<path d="M${f(-half)} ${f(y)} L${f(half)} ${f(y)}" stroke="${spec.stripes.color}" stroke-width="${f(s.ry / (spec.stripes.count + 1))}"/>`,
      )
    }
  }
  if (spec.segments) {
    for (let i = 1; i < spec.segments; i++) {
      const y = tail.cy - tail.ry + (2 * tail.ry * i) / spec.segments
      parts.push(
        `<path d="M${f(-tail.rx * 0.8)} ${f(y)} Q0 ${f(y + 6)} ${f(tail.rx * 0.8)} ${f(y)}" stroke="#000" stroke-opacity="0.18" stroke-width="2" fill="none"/>`,
      )
    }
  }
  if (spec.antennae) {
    const { length, curl = 0.4 } = spec.antennae
    for (const side of [-1, 1])
      parts.push(
        `<path d="M${f(side * head.rx * 0.4)} ${f(head.cy - head.ry * 0.8)} Q${f(side * length * curl)} ${f(head.cy - length * 0.8)} ${f(side * length * 0.75)} ${f(head.cy - length)}" stroke="${spec.color}" stroke-width="3.5" fill="none" stroke-linecap="round"/>`,
      )
  }
  // Eyes and a soft highlight give the figure some life.
  parts.push(
    `<circle cx="${f(-head.rx * 0.45)}" cy="${f(head.cy - head.ry * 0.2)}" r="${f(Math.max(2.5, head.rx * 0.18))}" fill="#fff" fill-opacity="0.85"/>`,
  )
  parts.push(
    `<circle cx="${f(head.rx * 0.45)}" cy="${f(head.cy - head.ry * 0.2)}" r="${f(Math.max(2.5, head.rx * 0.18))}" fill="#fff" fill-opacity="0.85"/>`,
  )
  parts.push(
    `<ellipse cx="${f(-tail.rx * 0.35)}" cy="${f(tail.cy - tail.ry * 0.35)}" rx="${f(tail.rx * 0.25)}" ry="${f(tail.ry * 0.18)}" fill="#fff" fill-opacity="0.18"/>`,
  )
  return parts.join("\n")
}

/** A centipede: a curved chain of segments, a pair of legs on each. */
export function drawCentipede(color: string): string {
  const parts: string[] = []
  const n = 15
  // Along the body from head (t = 0) to tail (t = 1).
  const at = (t: number) => ({ x: Math.sin(t * Math.PI * 1.3) * 70, y: -170 + t * 340 })
  const points = Array.from({ length: n }, (_, i) => at(i / (n - 1)))
  points.forEach((p, i) => {
    if (i === 0) return
    for (const side of [-1, 1])
      parts.push(
        `<path d="M${f(p.x)} ${f(p.y)} q${f(side * 40)} -6 ${f(side * 78)} 14" stroke="${color}" stroke-width="3.5" fill="none" stroke-linecap="round"/>`,
      )
  })
  points.forEach((p, i) =>
    parts.push(
      `<ellipse cx="${f(p.x)}" cy="${f(p.y)}" rx="${i === 0 ? 17 : 14}" ry="12" fill="${i % 2 ? color : "#a16207"}"/>`,
    ),
  )
  const head = at(0)
  for (const side of [-1, 1])
    parts.push(
      `<path d="M${f(head.x)} ${f(head.y - 8)} q${f(side * 30)} -50 ${f(side * 80)} -70" stroke="${color}" stroke-width="3.5" fill="none" stroke-linecap="round"/>`,
    )
  const last = at(1)
  for (const side of [-1, 1])
    parts.push(
      `<path d="M${f(last.x)} ${f(last.y + 8)} q${f(side * 30)} 40 ${f(side * 70)} 70" stroke="${color}" stroke-width="3.5" fill="none" stroke-linecap="round"/>`,
    )
  return parts.join("\n")
}

/** A mouse in profile. */
export function drawRodent(color: string): string {
  return `
<path d="M150 60 Q230 40 250 -20 Q262 -60 236 -70" stroke="${color}" stroke-width="7" fill="none" stroke-linecap="round"/>
<ellipse cx="20" cy="40" rx="150" ry="95" fill="${color}"/>
<ellipse cx="-120" cy="0" rx="75" ry="62" fill="${color}"/>
<path d="M-190 10 L-215 22 L-188 30 Z" fill="#f9a8d4"/>
<circle cx="-210" cy="22" r="9" fill="#f472b6"/>
<ellipse cx="-110" cy="-70" rx="42" ry="46" fill="${color}"/>
<ellipse cx="-110" cy="-68" rx="26" ry="30" fill="#fbcfe8"/>
<circle cx="-150" cy="-10" r="10" fill="#111827"/>
<circle cx="-146" cy="-14" r="3" fill="#fff"/>
<path d="M-200 18 l-60 -12 M-200 24 l-62 6 M-200 30 l-55 22" stroke="#334155" stroke-width="2.5"/>
<ellipse cx="-60" cy="128" rx="26" ry="10" fill="#f9a8d4"/>
<ellipse cx="90" cy="130" rx="28" ry="10" fill="#f9a8d4"/>
<ellipse cx="30" cy="10" rx="70" ry="30" fill="#fff" fill-opacity="0.12"/>`
}

export interface Palette {
  sky: [string, string]
  ground: string
}

/** The scene every pest sits in: sky, a rolling lawn and a family house. */
export function scene(width: number, height: number, palette: Palette, figure: string, figureScale = 1): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="1" stop-color="${palette.sky[1]}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
<circle cx="${width * 0.86}" cy="${height * 0.18}" r="${height * 0.09}" fill="#fde68a" fill-opacity="0.9"/>
<g transform="translate(${width * 0.1} ${height * 0.38})" fill="#ffffff" fill-opacity="0.55">
  <path d="M0 120 L90 40 L180 120 Z"/><rect x="20" y="120" width="140" height="110"/>
</g>
<g transform="translate(${width * 0.1} ${height * 0.38})">
  <rect x="75" y="170" width="30" height="60" fill="${palette.ground}" fill-opacity="0.35"/>
  <rect x="35" y="140" width="26" height="24" fill="${palette.sky[0]}" fill-opacity="0.6"/>
  <rect x="120" y="140" width="26" height="24" fill="${palette.sky[0]}" fill-opacity="0.6"/>
</g>
<path d="M0 ${height * 0.8} Q${width * 0.25} ${height * 0.7} ${width * 0.5} ${height * 0.78} T${width} ${height * 0.74} V${height} H0 Z" fill="${palette.ground}"/>
<g transform="translate(${width * 0.6} ${height * 0.52}) scale(${figureScale})">
${figure}
</g>
</svg>`
}
