import type { IconName } from "../../lib/icon-names"
import { Icon } from "./icon"

interface UiIconProps {
  className?: string
  /** Accepted for lucide-react's call sites; every sprite icon is decorative (hidden) anyway. */
  "aria-hidden"?: boolean | "true" | "false"
}

/**
 * The icons the components draw, by lucide-react's names, from the sprite static/icons.svg: the
 * same drawings as lucide's, without shipping lucide's runtime and path data in every page's
 * first-load JavaScript.
 */
const spriteIcon = (name: IconName) => {
  const SpriteIcon = ({ className }: UiIconProps) => <Icon name={name} className={className} />
  SpriteIcon.displayName = name
  return SpriteIcon
}

export const Ban = spriteIcon("ban")
export const Check = spriteIcon("check")
export const ChevronDown = spriteIcon("chevron-down")
export const ChevronRight = spriteIcon("chevron-right")
export const CircleAlert = spriteIcon("circle-alert")
export const CircleCheck = spriteIcon("circle-check")
export const Clock = spriteIcon("clock")
export const ExternalLink = spriteIcon("external-link")
export const Lightbulb = spriteIcon("lightbulb")
export const Mail = spriteIcon("mail")
export const MapPin = spriteIcon("map-pin")
export const Menu = spriteIcon("menu")
export const Phone = spriteIcon("phone")
export const ShieldCheck = spriteIcon("shield-check")
export const Star = spriteIcon("star")
export const TriangleAlert = spriteIcon("triangle-alert")
export const X = spriteIcon("x")
export const Zap = spriteIcon("zap")
