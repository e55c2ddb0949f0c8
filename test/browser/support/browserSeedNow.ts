/**
 * The instant the browser tests' demo data is made around: now, but no later than Thursday 00:00 of
 * the current week in the tests' zone (Europe/Berlin, see jest.browser.config.js). Made around a Sunday
 * evening, every order of the week would have ended; the default range (this week) then holds no open
 * order to move.
 */
export function browserSeedNow(now: Date = new Date()): Date {
  const daysSinceMonday = (now.getDay() + 6) % 7;
  const thursday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysSinceMonday + 3);
  return now < thursday ? now : thursday;
}
