import { flag, instant, integer, listOf, noAnswer, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * What `Roles/*` and `RoleTemplates/*` answer (server module identity; the client's roles feature
 * reads these types). A role template is a role row with `isTemplate` set.
 */

const roleProperties = {
  id: integer,
  organizationId: integer,
  title: text,
  /** Claim keys (the catalogue's `claims[].key`). */
  claims: { type: 'array', items: text },
  isTemplate: flag,
  createdAt: instant,
  updatedAt: instant,
} as const;

const roleRequired = ['id', 'organizationId', 'title', 'claims', 'isTemplate', 'createdAt', 'updatedAt'] as const;

/** A role as `Create`, `Update` and `Clone` answer it (the saved row). */
export const roleAnswer = { type: 'object', required: roleRequired, properties: roleProperties } as const;

/** `Get/:id` and the `GetAll` rows add the owner organization's name. */
export const roleListItemAnswer = {
  type: 'object', required: [...roleRequired, 'organizationName'], properties: { ...roleProperties, organizationName: text },
} as const;

export const rolesPageAnswer = pageOf(roleListItemAnswer);

/** `Delete/:id`, `AssignToUser`, `AssignToOrganization`. */
export const roleChangedAnswer = noAnswer;

const claimTitles = { key: text, titleFa: text, titleEn: text } as const;

/** `Roles/GetClaims`: the claim catalogue by menu section, only what the caller may hand out (empty sections left out). */
export const claimSectionsAnswer = listOf({
  type: 'object',
  required: ['key', 'titleFa', 'titleEn', 'claims'],
  properties: {
    ...claimTitles,
    claims: listOf({ type: 'object', required: ['key', 'titleFa', 'titleEn'], properties: claimTitles } as const),
  },
} as const);

export type RoleAnswer = AnswerOf<typeof roleAnswer>;
export type RoleListItem = AnswerOf<typeof roleListItemAnswer>;
export type RolesPage = AnswerOf<typeof rolesPageAnswer>;
export type ClaimSectionsAnswer = AnswerOf<typeof claimSectionsAnswer>;
