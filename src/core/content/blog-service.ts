import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  ilike,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { AppError } from '../../contracts/errors';
import type {
  BlogListQuery,
  BlogPost,
  BlogPostSummary,
  BlogPostWithNeighbours,
  BlogSidebar,
  BlogType,
} from '../../contracts/blog';
import { type Paginated, paginate } from '../../contracts/pagination';
import type { Db } from '../../db/client';
import { type BlogPostRow, blogPosts } from '../../db/schema';

const RECENT_POSTS = 3;

function toSummary(row: Omit<BlogPostRow, 'desc' | 'bodyMarkdown'>): BlogPostSummary {
  return {
    id: row.id,
    img: row.img,
    date: row.publishedAt.toISOString(),
    author: row.author,
    title: row.title,
    tags: row.tags,
    category: row.category,
    comments: row.comments,
    sm_desc: row.smDesc,
    blog: row.blog as BlogType,
    list_img: row.listImg,
    video: row.video,
    video_id: row.videoId,
    blockquote: row.blockquote,
    slider: row.slider,
    slider_images: row.sliderImages,
  };
}

/** Every column but the bodies, which lists never need. */
const { desc: _body, bodyMarkdown: _markdown, ...summaryColumns } = getTableColumns(blogPosts);

/** The shop shows published posts only; the back office's drafts and unpublished posts stay out of every list. */
const isPublished = eq(blogPosts.published, true);

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filters(query: Omit<BlogListQuery, 'page' | 'per_page'>): SQL | undefined {
  const conditions: SQL[] = [isPublished];
  if (query.type) conditions.push(eq(blogPosts.blog, query.type));
  if (query.category) conditions.push(eq(blogPosts.category, query.category));
  if (query.tag) conditions.push(arrayContains(blogPosts.tags, [query.tag]));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(or(ilike(blogPosts.title, pattern), ilike(blogPosts.smDesc, pattern)) as SQL);
  }
  return and(...conditions);
}

export function createBlogService(db: Db) {
  return {
    /** Newest first; the list response carries its rows in `data` (SPEC §7). */
    async list(query: BlogListQuery): Promise<Paginated<BlogPostSummary>> {
      const where = filters(query);
      const [rows, [total]] = await Promise.all([
        db
          .select(summaryColumns)
          .from(blogPosts)
          .where(where)
          .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        db.select({ n: count() }).from(blogPosts).where(where),
      ]);
      return paginate(rows.map(toSummary), total.n, query.page, query.per_page);
    },

    /** Throws a NOT_FOUND AppError when there is no such post. */
    async byId(id: number): Promise<BlogPostWithNeighbours> {
      const [row] = await db
        .select()
        .from(blogPosts)
        .where(and(eq(blogPosts.id, id), isPublished))
        .limit(1);
      if (!row) throw new AppError('NOT_FOUND', { messageKey: 'apiError.notFound.post' });
      const at = row.publishedAt;
      const older = and(
        isPublished,
        or(lt(blogPosts.publishedAt, at), and(eq(blogPosts.publishedAt, at), lt(blogPosts.id, id))),
      );
      const newer = and(
        isPublished,
        or(gt(blogPosts.publishedAt, at), and(eq(blogPosts.publishedAt, at), gt(blogPosts.id, id))),
      );
      const neighbour = { id: blogPosts.id, title: blogPosts.title };
      const [[previous], [next]] = await Promise.all([
        db
          .select(neighbour)
          .from(blogPosts)
          .where(older)
          .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
          .limit(1),
        db
          .select(neighbour)
          .from(blogPosts)
          .where(newer)
          .orderBy(asc(blogPosts.publishedAt), asc(blogPosts.id))
          .limit(1),
      ]);
      const post: BlogPost = { ...toSummary(row), desc: row.desc };
      return { post, previous: previous ?? null, next: next ?? null };
    },

    /** The blog sidebar: categories with their post counts, the newest posts and every tag in use. */
    async sidebar(type?: BlogType): Promise<BlogSidebar> {
      const where = type ? and(isPublished, eq(blogPosts.blog, type)) : isPublished;
      const [categories, recent, tags] = await Promise.all([
        db
          .select({ name: blogPosts.category, count: count() })
          .from(blogPosts)
          .where(where)
          .groupBy(blogPosts.category)
          .orderBy(blogPosts.category),
        db
          .select({ id: blogPosts.id, title: blogPosts.title, publishedAt: blogPosts.publishedAt, img: blogPosts.img })
          .from(blogPosts)
          .where(where)
          .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
          .limit(RECENT_POSTS),
        db
          .selectDistinct({ tag: sql<string>`unnest(${blogPosts.tags})`.as('tag') })
          .from(blogPosts)
          .where(where)
          .orderBy(sql`tag`),
      ]);
      return {
        categories,
        recent: recent.map((r) => ({ id: r.id, title: r.title, date: r.publishedAt.toISOString(), img: r.img })),
        tags: tags.map((t) => t.tag),
      };
    },

    /** Every post's id and last change, for the sitemap. */
    async sitemapRows(): Promise<{ id: number; updatedAt: Date }[]> {
      return db
        .select({ id: blogPosts.id, updatedAt: blogPosts.updatedAt })
        .from(blogPosts)
        .where(isPublished)
        .orderBy(blogPosts.id);
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
