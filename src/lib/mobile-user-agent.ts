/**
 * True on phones and tablets even when their screen is wide (shell spec 9: mobile is a width of 768 px or
 * less, or a mobile user agent). The width half is handled by CSS media queries.
 */
export function isMobileUserAgent(): boolean {
  // No browser (the build prerendering the first screen): the width rules alone decide.
  if (typeof navigator === 'undefined') return false;
  const uaData = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  if (uaData?.mobile !== undefined) return uaData.mobile;
  return /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(navigator.userAgent);
}
