import { createContext, useContext } from 'react';
import type { AnalyticsEvent } from '../../domain/analytics-events';

export type Track = (event: AnalyticsEvent) => void;

/**
 * How views record analytics events. The app provides one that hands events to the
 * analytics actor (which drops them unless consent allows); without a provider events
 * go nowhere, so views render the same in tests and without analytics.
 */
export const TrackingContext = createContext<Track>(() => {});

export function useTrack(): Track {
  return useContext(TrackingContext);
}
