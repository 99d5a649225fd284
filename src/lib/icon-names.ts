/** Icons data files may name (kebab-case lucide names); src/components/ui/icon.tsx maps each to its component. */
export const ICON_NAMES = [
  "award", "baby", "badge-check", "ban", "bed", "bird", "book-open", "bug", "building", "calendar-check", "clipboard-check",
  "clock", "cloud-rain", "dollar-sign", "droplets", "eye", "flower", "hammer", "heart", "hexagon", "house", "leaf", "mail",
  "map-pin", "microscope", "paw-print", "phone", "rat", "search", "shield-check", "siren", "skull", "snail", "sparkles",
  "sprout", "star", "sun", "target", "thermometer", "timer", "trees", "triangle-alert", "truck", "users", "wind", "worm",
  "wrench", "zap",
] as const

export type IconName = (typeof ICON_NAMES)[number]
