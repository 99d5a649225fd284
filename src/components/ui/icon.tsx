import {
  Award, Baby, BadgeCheck, Ban, Bed, Bird, BookOpen, Bug, Building, CalendarCheck, ClipboardCheck, Clock, CloudRain, DollarSign,
  Droplets, Eye, Flower, Hammer, Heart, Hexagon, House, Leaf, Mail, MapPin, Microscope, PawPrint, Phone, Rat, Search, ShieldCheck,
  Siren, Skull, Snail, Sparkles, Sprout, Star, Sun, Target, Thermometer, Timer, Trees, TriangleAlert, Truck, Users, Wind, Worm,
  Wrench, Zap, type LucideIcon,
} from "lucide-react"
import type { IconName } from "../../lib/icon-names"

const ICONS: Record<IconName, LucideIcon> = {
  award: Award, baby: Baby, "badge-check": BadgeCheck, ban: Ban, bed: Bed, bird: Bird, "book-open": BookOpen, bug: Bug,
  building: Building, "calendar-check": CalendarCheck, "clipboard-check": ClipboardCheck, clock: Clock, "cloud-rain": CloudRain,
  "dollar-sign": DollarSign, droplets: Droplets, eye: Eye, flower: Flower, hammer: Hammer, heart: Heart, hexagon: Hexagon,
  house: House, leaf: Leaf, mail: Mail, "map-pin": MapPin, microscope: Microscope, "paw-print": PawPrint, phone: Phone, rat: Rat,
  search: Search, "shield-check": ShieldCheck, siren: Siren, skull: Skull, snail: Snail, sparkles: Sparkles, sprout: Sprout,
  star: Star, sun: Sun, target: Target, thermometer: Thermometer, timer: Timer, trees: Trees, "triangle-alert": TriangleAlert,
  truck: Truck, users: Users, wind: Wind, worm: Worm, wrench: Wrench, zap: Zap,
}

/** An icon named in a data file (decorative: hidden from assistive technology). */
export function Icon({ name, className = "h-6 w-6" }: { name: string; className?: string }) {
  const Component = ICONS[name as IconName] ?? Bug
  return <Component className={className} aria-hidden="true" />
}
