import { domAnimation, LazyMotion, MotionConfig } from 'framer-motion';
import { FeedbackSection } from './landing/feedback-section';
import { GallerySection } from './landing/gallery-section';
import { HeroSection } from './landing/hero-section';
import { PropertyCollection } from './landing/property-collection';
import { ServiceTiles } from './landing/service-tiles';
import './landing.css';

/** The landing page (shell spec 2.4), top to bottom. Motion is loaded lean and follows the reduced-motion setting. */
export function LandingPage() {
  return (
    <LazyMotion features={domAnimation} strict>
      <MotionConfig reducedMotion="user">
        <HeroSection />
        <ServiceTiles />
        <GallerySection />
        <FeedbackSection />
        <PropertyCollection />
      </MotionConfig>
    </LazyMotion>
  );
}
