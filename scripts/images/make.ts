/** `npm run images`: writes src/images/pests/<slug>.png, src/images/home-hero.png, src/images/offers/<variant>.png and src/images/logo.png. */
import fs from "node:fs"
import path from "node:path"
import sharp from "sharp"
import { drawBug, drawCentipede, drawRodent, scene, type BugSpec, type Palette } from "./artwork"
import { SPRITE_FILE, writeSprite } from "./icon-sprite"

const OUT = path.resolve(__dirname, "../../src/images")
const W = 960
const H = 640

const palettes = {
  warm: { sky: ["#fef3c7", "#fde68a"], ground: "#65a30d" },
  cool: { sky: ["#e0f2fe", "#bae6fd"], ground: "#15803d" },
  dusk: { sky: ["#ede9fe", "#c4b5fd"], ground: "#166534" },
  mint: { sky: ["#dcfce7", "#bbf7d0"], ground: "#3f6212" },
  rose: { sky: ["#ffe4e6", "#fecdd3"], ground: "#4d7c0f" },
} satisfies Record<string, Palette>

type Segment = BugSpec["body"][number]
/** A body segment on the centre line, where every pest's segments sit. */
const seg = (cy: number, rx: number, ry: number, color?: string): Segment => ({ cx: 0, cy, rx, ry, color })

interface PestPicture {
  palette: Palette
  figure: string
  scale?: number
}
/** A pest drawn by drawBug in `color` on a `palette` scene; `overlay` is drawn over it. */
function bug(
  palette: keyof typeof palettes,
  color: string,
  { overlay = "", ...spec }: Omit<BugSpec, "color"> & { overlay?: string },
): PestPicture {
  return { palette: palettes[palette], figure: `${drawBug({ ...spec, color })}${overlay}` }
}

/** A bee or a wasp: six legs, wings, and `stripes` bands across its abdomen (the second segment) in its outline colour. */
function stinger(
  palette: keyof typeof palettes,
  color: string,
  stripes: number,
  { legs, ...spec }: Required<Pick<BugSpec, "body" | "wings" | "antennae">> & { legs: Omit<BugSpec["legs"], "count"> },
): PestPicture {
  return bug(palette, color, { ...spec, legs: { count: 6, ...legs }, stripes: { segment: 2, count: stripes, color } })
}

/** The magnifying glass over the default pest's beetle. */
const magnifier = `
<g transform="translate(-30 -20)">
  <circle cx="0" cy="0" r="170" fill="#e0f2fe" fill-opacity="0.35" stroke="#0b6138" stroke-width="26"/>
  <rect x="110" y="110" width="60" height="190" rx="22" fill="#0b6138" transform="rotate(-45 140 205)"/>
</g>`

const PESTS: Record<string, PestPicture> = {
  ants: bug("warm", "#3f1d0b", {
    body: [seg(-95, 30, 28), seg(-30, 26, 40), seg(70, 52, 66)],
    legs: { count: 6, length: 120, from: -50, to: -10 },
    antennae: { length: 110, curl: 0.9 },
  }),
  spiders: bug("dusk", "#1f2937", {
    body: [seg(-50, 42, 40), seg(60, 70, 80, "#374151")],
    legs: { count: 8, length: 190, from: -70, to: -25, bend: 40, width: 7 },
  }),
  roaches: bug("warm", "#7c2d12", {
    body: [seg(-120, 34, 26), seg(10, 78, 130, "#9a3412")],
    legs: { count: 6, length: 150, from: -60, to: 70 },
    antennae: { length: 210, curl: 0.3 },
    segments: 6,
  }),
  rodents: { palette: palettes.cool, figure: drawRodent("#78716c"), scale: 0.95 },
  "bed-bugs": bug("rose", "#7f1d1d", {
    body: [seg(-90, 28, 24), seg(-50, 50, 26), seg(40, 95, 90, "#991b1b")],
    legs: { count: 6, length: 110, from: -50, to: 40 },
    antennae: { length: 70, curl: 0.6 },
    segments: 7,
  }),
  mosquitos: bug("cool", "#334155", {
    body: [seg(-100, 20, 20), seg(-50, 26, 32), seg(60, 16, 90)],
    legs: { count: 6, length: 210, from: -60, to: -30, bend: 30, width: 3 },
    wings: { rx: 80, ry: 26, at: -20 },
    antennae: { length: 60 },
    stripes: { segment: 2, count: 6, color: "#e2e8f0" },
  }),
  ticks: bug("mint", "#431407", {
    body: [seg(-95, 20, 18), seg(20, 85, 105, "#7c2d12"), seg(-35, 50, 45, "#292524")],
    legs: { count: 8, length: 120, from: -40, to: 20, width: 6 },
  }),
  bees: stinger("warm", "#1c1917", 4, {
    body: [seg(-100, 30, 28), seg(-45, 42, 40, "#a16207"), seg(60, 66, 85, "#facc15")],
    legs: { length: 110, from: -60, to: -20 },
    wings: { rx: 90, ry: 40, at: -40 },
    antennae: { length: 80, curl: 0.7 },
  }),
  fleas: bug("rose", "#451a03", {
    body: [seg(-90, 26, 24), seg(10, 58, 100, "#78350f")],
    legs: { count: 6, length: 120, from: -40, to: 60, hindBoost: 1.6, width: 6 },
    segments: 8,
  }),
  wasps: stinger("cool", "#1c1917", 5, {
    body: [seg(-115, 28, 26), seg(-60, 34, 36, "#1c1917"), seg(70, 48, 100, "#eab308")],
    legs: { length: 130, from: -75, to: -40 },
    wings: { rx: 100, ry: 30, at: -40 },
    antennae: { length: 90, curl: 0.8 },
  }),
  centipedes: { palette: palettes.dusk, figure: drawCentipede("#854d0e") },
  silverfish: bug("cool", "#64748b", {
    body: [seg(-120, 34, 30, "#94a3b8"), seg(-10, 52, 100, "#cbd5e1"), seg(110, 26, 40, "#94a3b8")],
    legs: { count: 6, length: 80, from: -80, to: -20 },
    antennae: { length: 150, curl: 0.2 },
    tails: 3,
    segments: 9,
  }),
  /** A generic beetle under a magnifying glass: the picture of a pest page whose file names none. */
  default: bug("mint", "#44403c", {
    body: [seg(-85, 30, 26), seg(25, 70, 95, "#57534e")],
    legs: { count: 6, length: 120, from: -50, to: 30 },
    antennae: { length: 90, curl: 0.5 },
    segments: 5,
    overlay: magnifier,
  }),
  termites: bug("warm", "#78350f", {
    body: [seg(-110, 34, 34, "#92400e"), seg(-55, 30, 26, "#fde68a"), seg(50, 56, 95, "#fef3c7")],
    legs: { count: 6, length: 110, from: -60, to: -30 },
    antennae: { length: 80, curl: 0.6 },
    segments: 8,
  }),
}

const heroFigure = `
<g transform="translate(-160 -170)">
  <path d="M0 150 L170 20 L340 150 Z" fill="#0b6138"/>
  <rect x="30" y="150" width="280" height="190" fill="#fffbeb"/>
  <rect x="140" y="240" width="60" height="100" fill="#92400e"/>
  <rect x="60" y="190" width="50" height="45" fill="#bae6fd"/>
  <rect x="230" y="190" width="50" height="45" fill="#bae6fd"/>
</g>
<g transform="translate(150 -40) scale(2.2)">
  <path d="M20 2 5 8v10c0 9.4 6.4 17.4 15 20 8.6-2.6 15-10.6 15-20V8L20 2z" fill="#0f7a45"/>
  <path d="M13 20l5 5 9-10" stroke="#fff" stroke-width="3.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
</g>`

/** A person: head, body in `shirt`, legs; (x, y) is where the feet stand. */
const person = (x: number, y: number, height: number, shirt: string, skin = "#f1c27d") => {
  const h = height
  return `<g transform="translate(${x} ${y})">
  <rect x="${-h * 0.09}" y="${-h * 0.45}" width="${h * 0.07}" height="${h * 0.45}" rx="${h * 0.03}" fill="#1e3a5f"/>
  <rect x="${h * 0.02}" y="${-h * 0.45}" width="${h * 0.07}" height="${h * 0.45}" rx="${h * 0.03}" fill="#1e3a5f"/>
  <rect x="${-h * 0.14}" y="${-h * 0.8}" width="${h * 0.28}" height="${h * 0.4}" rx="${h * 0.08}" fill="${shirt}"/>
  <circle cx="0" cy="${-h * 0.9}" r="${h * 0.1}" fill="${skin}"/>
</g>`
}

/** A technician with a backpack sprayer, for offers whose heroVariant is technician. */
const technicianFigure = `
${person(0, 180, 380, "#0b6138")}
<rect x="-95" y="-110" width="55" height="120" rx="18" fill="#facc15"/>
<path d="M-40 -10 Q60 40 120 10" stroke="#1f2937" stroke-width="8" fill="none" stroke-linecap="round"/>
<rect x="110" y="-2" width="70" height="14" rx="7" fill="#334155" transform="rotate(-15 110 5)"/>
<path d="M185 -20 l40 -20 M188 -10 l45 0 M185 2 l40 18" stroke="#7dd3fc" stroke-width="5" stroke-linecap="round"/>
<rect x="-42" y="-190" width="84" height="26" rx="10" fill="#0f7a45"/>`

/** A family in front of their home, for offers whose heroVariant is family. */
const familyFigure = `
${person(-190, 180, 360, "#2563eb")}
${person(-40, 180, 330, "#db2777", "#e0ac69")}
${person(90, 180, 200, "#f59e0b")}
${person(190, 180, 160, "#16a34a", "#e0ac69")}
<g transform="translate(330 150)"><ellipse cx="0" cy="0" rx="45" ry="24" fill="#92400e"/><circle cx="40" cy="-22" r="18" fill="#92400e"/><path d="M-40 -5 q-25 -20 -20 -40" stroke="#92400e" stroke-width="7" fill="none" stroke-linecap="round"/></g>`

const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 40 40"><path d="M20 2 5 8v10c0 9.4 6.4 17.4 15 20 8.6-2.6 15-10.6 15-20V8L20 2z" fill="#0b6138"/><path d="M27 13c-8 0-13 4.5-13 11.5 0 1.3.2 2.5.6 3.5 1-4.5 4.2-8 9.4-10-4.2 2.6-6.8 6-7.5 10.2 1 .5 2.2.8 3.5.8C27 29 27 20 27 13z" fill="#fbbf24"/></svg>`

async function write(file: string, svg: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile(file)
}

async function main() {
  for (const [slug, art] of Object.entries(PESTS))
    await write(path.join(OUT, "pests", `${slug}.png`), scene(W, H, art.palette, art.figure, art.scale ?? 0.8))
  await write(path.join(OUT, "home-hero.png"), scene(1200, 800, palettes.mint, heroFigure, 1.1))
  await write(path.join(OUT, "offers", "technician.png"), scene(1200, 800, palettes.cool, technicianFigure, 0.9))
  await write(path.join(OUT, "offers", "family.png"), scene(1200, 800, palettes.warm, familyFigure, 0.85))
  await write(path.join(OUT, "logo.png"), logoSvg)
  await writeSprite()
  console.log(
    `Wrote ${Object.keys(PESTS).length} pest images, the home hero, the offer heroes and the logo to ${OUT}, and the icon sprite to ${SPRITE_FILE}`,
  )
}

void main()
