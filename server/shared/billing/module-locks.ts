/**
 * The one definition of a locked module (billing's plans, enforced by identity on claims): a
 * module is locked for organization `o` when an active plan of an organization strictly above `o`
 * lists it and nobody between that seller and `o` (the seller excluded, `o` included) holds it in
 * organization_modules — a purchase covers the buyer's subtree, never the seller's other customers.
 * A module no plan above offers is free, so the system organization and trees without plans keep
 * everything. Identity reads it into the principal (users.repository.ts) and billing into the
 * module states screen (plans.repository.ts), so the screen can never say "held" or "inherited"
 * where the claims are dropped.
 *
 * SQL text of a scalar subquery (a jsonb array of module ids) over the organization row aliased
 * `alias`; only repositories put it into a query.
 */
export function lockedModulesSql(alias: string): string {
  if (!/^[a-z_][a-z0-9_]*$/i.test(alias)) throw new Error(`not an alias: ${alias}`);
  const onPath = `string_to_array(trim(both '/' from ${alias}.path), '/')::int[]`;
  return `(select coalesce(jsonb_agg(distinct m.id), '[]'::jsonb)
          from organizations seller
          join plans p on p."ownerOrganizationId" = seller.id and p."isActive" and p."deletedAt" is null
          cross join lateral jsonb_array_elements_text(p.modules) as m(id)
         where seller.id <> ${alias}.id and seller."deletedAt" is null
           and seller.id = any(${onPath})
           and not exists (select 1 from organization_modules om join organizations b on b.id = om."organizationId"
                            where om."moduleId" = m.id and b.depth > seller.depth
                              and b.id = any(${onPath})))`;
}
