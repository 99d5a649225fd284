import { fill } from "../../../supabase/functions/_shared/kernel/escape.ts"
import type { IGatsbyImageData } from "gatsby-plugin-image"
import { useCallback, useState } from "react"
import { useExitIntent } from "../../hooks/use-exit-intent"
import { offerText } from "../../lib/offer-text"
import type { AdsConversion } from "../../lib/tracking-attributes"
import { Accordion } from "../faq/accordion"
import { Deferred } from "../forms/deferred"
import { CallPromptDialog } from "../ui/call-prompt-dialog"
import { Section } from "../ui/section"
import { Testimonials } from "../ui/testimonials"
import { TrustBadges } from "../ui/trust-badges"
import { CallbackFormShell } from "./callback-form-shell"
import type { CallbackAccepted } from "./callback-form"
import { ExclusionsBanner } from "./exclusions-banner"
import { MobileCallBar } from "./mobile-call-bar"
import { OfferFooter } from "./offer-footer"
import { OfferHero } from "./offer-hero"
import { OfferThankYou } from "./offer-thank-you"
import { OfferTopBar } from "./offer-top-bar"
import { ProtectionOptions } from "./protection-options"
import { StandaloneFrame } from "./standalone-frame"
import type { HolidayProps } from "../ui/holiday-notices"
import type { HeroPicture, OfferDetails, OfferPageTexts, ProtectionPlan } from "./types"
import { WhatYouGet } from "./what-you-get"
import type { WindowTexts } from "../../lib/arrival-windows/window-texts"

const loadCallbackForm = () => import("./callback-form").then((m) => m.CallbackForm)

export interface OfferLandingProps {
  offer: OfferDetails
  texts: OfferPageTexts
  /** The callback form's arrival-window picker (data/arrival-windows.yaml). */
  windowTexts: WindowTexts
  plans: readonly ProtectionPlan[]
  picture: HeroPicture | null
  company: { name: string; tagline: string }
  /** The company's closed dates: "Closed today for Thanksgiving" under the hours. */
  holidays: HolidayProps
  logo?: IGatsbyImageData | null
  siteUrl: string
  /** Where Ads conversions go; their value is the offer's own price. */
  conversion: AdsConversion
  skipToContent: string
  dismissLabel: string
}

/** A city offer landing page (/offer/{key}), block by block, top to bottom; a requested callback replaces it with the thank-you screen. */
export function OfferLanding({
  offer,
  texts,
  windowTexts,
  plans,
  picture,
  company,
  holidays,
  logo,
  siteUrl,
  conversion,
  skipToContent,
  dismissLabel,
}: OfferLandingProps) {
  // The accepted request (its reference, windows line and out-of-town note) for the thank-you screen; null until then.
  const [submitted, setSubmitted] = useState<CallbackAccepted | null>(null)
  const [exitOpen, setExitOpen] = useState(false)
  const t = (template: string) => offerText(template, offer)
  const exclusions = `${texts.exclusions.label} ${texts.exclusions.items.join(", ")}`
  // The desktop and the mobile call bar call the same number under the same exclusions.
  const callBar = { phone: offer.phone, exclusions }
  const tracked = { key: offer.key, name: offer.offerName, value: conversion.value }
  // The thank-you screen and the landing page sit in the same frame: the same skip link, dismiss label and conversion.
  const frame = { skipToContent, dismissLabel, conversion, offer: tracked }

  useExitIntent(
    () => {
      setExitOpen(true)
    },
    submitted === null && !exitOpen,
  )
  const closeExit = useCallback(() => {
    setExitOpen(false)
  }, [])
  const onSubmitted = useCallback((accepted: CallbackAccepted) => {
    setExitOpen(false)
    setSubmitted(accepted)
  }, [])

  const footer = (
    <OfferFooter
      companyName={company.name}
      tagline={company.tagline}
      phone={offer.phone}
      email={offer.email}
      website={{ label: texts.footer.websiteLabel, url: `${siteUrl}/` }}
      hours={offer.hours}
      holidays={holidays}
      towns={offer.serviceAreas}
      labels={texts.footer}
    />
  )

  if (submitted !== null) {
    return (
      <StandaloneFrame {...frame} header={null} footer={null}>
        <OfferThankYou
          heading={texts.thankYou.heading}
          text={fill(t(texts.thankYou.text), { reference: submitted.reference })}
          windowsLine={submitted.windowsLine}
          outsideOffer={submitted.outsideOffer}
          hoursHeading={texts.thankYou.hoursHeading}
          hours={offer.hours}
          holidays={holidays}
          emergencyText={texts.thankYou.emergencyText}
          phone={offer.phone}
          callLabel={t(texts.thankYou.callLabel)}
        />
      </StandaloneFrame>
    )
  }

  return (
    <StandaloneFrame
      {...frame}
      header={
        <OfferTopBar {...callBar} callLabel={t(texts.topBar.callLabel)} couponNote={t(texts.topBar.couponNote)} />
      }
      footer={footer}
      overlay={
        <>
          <MobileCallBar {...callBar} callLabel={t(texts.mobileBar.callLabel)} callText={texts.mobileBar.callText} />
          <CallPromptDialog
            open={exitOpen}
            onClose={closeExit}
            heading={texts.exitIntent.heading}
            text={t(texts.exitIntent.text)}
            phone={offer.phone}
            callLabel={t(texts.exitIntent.callLabel)}
            dismissLabel={texts.exitIntent.continueLabel}
          />
        </>
      }
    >
      <OfferHero
        companyName={company.name}
        logo={logo}
        heading={t(texts.hero.heading)}
        tagline={t(texts.hero.tagline)}
        priceLabel={t(texts.hero.priceLabel)}
        badges={texts.hero.badges}
        phone={offer.phone}
        callLabel={t(texts.hero.callLabel)}
        couponNote={t(texts.hero.couponNote)}
        picture={picture}
      />
      <ExclusionsBanner text={exclusions} />
      <WhatYouGet heading={t(texts.whatYouGet.heading)} cards={texts.whatYouGet.cards} />
      <ProtectionOptions heading={t(texts.protection.heading)} intro={t(texts.protection.intro)} plans={plans} />
      <Section heading={t(texts.testimonials.heading)} id="offer-testimonials">
        <Testimonials items={offer.testimonials.map((item) => ({ ...item, rating: 5 }))} />
        <TrustBadges badges={texts.trustBadges} className="mt-10" />
      </Section>
      <Section heading={t(texts.callback.heading)} intro={t(texts.callback.intro)} id="callback" tinted>
        <div className="mx-auto max-w-2xl">
          <Deferred
            load={loadCallbackForm}
            props={{ labels: texts.callback, windowTexts, offer, conversion, onSubmitted }}
            placeholder={<CallbackFormShell labels={texts.callback} city={offer.city} />}
          />
        </div>
      </Section>
      <Section heading={t(texts.faq.heading)} id="offer-faq">
        <div className="mx-auto max-w-3xl">
          <Accordion
            items={texts.faq.items.map((item) => ({ question: t(item.question), answer: t(item.answer) }))}
            defaultOpen={0}
          />
        </div>
      </Section>
    </StandaloneFrame>
  )
}
