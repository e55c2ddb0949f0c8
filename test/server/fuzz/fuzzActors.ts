import { DEMO_TENANTS } from '../../../server/seed/demoAccounts';

/** Who sends a request: a demo account of either tenant in each role, or nobody (no token). */
export type ActorName = 'germanOperator' | 'germanAdmin' | 'britishOperator' | 'britishViewer' | 'nobody';

export const SIGNED_IN_ACTORS = ['germanOperator', 'germanAdmin', 'britishOperator', 'britishViewer'] as const satisfies readonly ActorName[];

export type SignedInActor = (typeof SIGNED_IN_ACTORS)[number];

const [german, british] = DEMO_TENANTS;

function emailOf(tenant: (typeof DEMO_TENANTS)[number] | undefined, role: string): string {
  const user = [tenant?.user, ...(tenant?.colleagues ?? [])].find((candidate) => candidate?.role === role);
  if (!user) {
    throw new Error(`no demo ${role} in ${tenant?.name ?? 'a missing tenant'}`);
  }
  return user.email;
}

/** The e-mail address of each signed-in actor. */
export const ACTOR_EMAILS: Readonly<Record<SignedInActor, string>> = {
  germanOperator: emailOf(german, 'operator'),
  germanAdmin: emailOf(german, 'admin'),
  britishOperator: emailOf(british, 'operator'),
  britishViewer: emailOf(british, 'viewer'),
};

/** Which demo tenant (its index in DEMO_TENANTS) each signed-in actor belongs to. */
export const ACTOR_TENANTS: Readonly<Record<SignedInActor, 0 | 1>> = { germanOperator: 0, germanAdmin: 0, britishOperator: 1, britishViewer: 1 };
