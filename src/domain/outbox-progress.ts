import * as v from 'valibot';

/**
 * What earlier attempts of an item achieved, so that a retry resumes after it: the URLs of a rent ad's photos that
 * landed (in order) and whether the link was slow, or the uploaded cover or profile photo.
 */
export const outboxProgressSchema = v.object({
  imageUrls: v.optional(v.array(v.string())),
  slowConnection: v.optional(v.boolean()),
  coverImage: v.optional(v.string()),
  profileImage: v.optional(v.string()),
});
export type OutboxProgress = v.InferOutput<typeof outboxProgressSchema>;
