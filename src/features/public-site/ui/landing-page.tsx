import { Suspense, useLayoutEffect } from 'react';
import { markFirstContentShown } from '@/lib/when-idle';
import { WhenNeeded } from '@/ui/when-needed';
import { GallerySection } from './landing/gallery-section';
import { HeroSection } from './landing/hero-section';
import { PropertyCollection } from './landing/property-collection';
import { ServiceTiles } from './landing/service-tiles';
import './landing.css';
import { lazyOptional } from '@/ui/lazy-optional';

// The feedback form (with its validation and the outbox) is below the fold: it loads when needed.
const FeedbackSection = lazyOptional(() => import('./landing/feedback-section').then((m) => m.FeedbackSection));
const FEEDBACK_PLACEHOLDER_HEIGHT = '44rem';

/**
 * The landing page (shell spec 2.4), top to bottom. The first screen (the hero) does not move; the sections
 * below it get their motion from framer-motion once it has loaded after the first paint (src/ui/motion), and
 * follow the reduced-motion setting.
 */
export function LandingPage() {
  // Rendered (the layout has put it in place of the prerendered first screen): the start-up work may follow.
  useLayoutEffect(markFirstContentShown, []);
  return (
    <>
      <HeroSection />
      <ServiceTiles />
      <GallerySection />
      <WhenNeeded minHeight={FEEDBACK_PLACEHOLDER_HEIGHT}>
        <Suspense fallback={<div style={{ minHeight: FEEDBACK_PLACEHOLDER_HEIGHT }} />}>
          <FeedbackSection />
        </Suspense>
      </WhenNeeded>
      <PropertyCollection />
    </>
  );
}
