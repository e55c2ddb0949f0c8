import type { Language } from '../../shared/Language';
import type { Role } from '../../shared/Role';
import type { ThemeColors } from '../../shared/ThemeColors';
import type { OrderProfileName } from './orderProfiles';

/** The password of every demo account. */
export const DEMO_PASSWORD = 'cockpit-demo';

export interface DemoUser {
  email: string;
  name: string;
  language: Language;
  role: Role;
}

export interface DemoTenant {
  name: string;
  /** Prefix of the tenant's order numbers, as in `AN-2026-000123`. */
  orderPrefix: string;
  profile: OrderProfileName;
  /** The tenant's colours. */
  theme: ThemeColors;
  /** The tenant's operator: the account tests and benchmarks sign in with. */
  user: DemoUser;
  /** The tenant's other accounts, one of each other role it shows. */
  colleagues: readonly DemoUser[];
}

/**
 * The tenants created on first start, with their accounts. A database seeded before roles gets the
 * colleagues by migration (db/migrations/008_roles.sql names them).
 */
export const DEMO_TENANTS: readonly DemoTenant[] = [
  {
    name: 'Autohaus Nord',
    orderPrefix: 'AN',
    profile: 'german',
    theme: { color1: '#0b3d91', color2: '#1f6feb', color3: '#c2410c' },
    user: { email: 'disponent@autohaus-nord.example', name: 'Dana Brandt', language: 'de', role: 'operator' },
    colleagues: [{ email: 'admin@autohaus-nord.example', name: 'Jonas Albrecht', language: 'de', role: 'admin' }],
  },
  {
    name: 'City Fleet Rentals',
    orderPrefix: 'CF',
    profile: 'british',
    theme: {},
    user: { email: 'operator@cityfleet.example', name: 'Olivia Carter', language: 'en', role: 'operator' },
    colleagues: [{ email: 'viewer@cityfleet.example', name: 'Victor Hayes', language: 'en', role: 'viewer' }],
  },
];

/** Every demo account of `tenant`, its operator first. */
export function demoUsersOf(tenant: DemoTenant): DemoUser[] {
  return [tenant.user, ...tenant.colleagues];
}
