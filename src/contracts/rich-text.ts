import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const postMarkdown = new Marked({ gfm: true });

/**
 * The only HTML a blog post may carry: text structure, links, images of our own and quotes.
 * Everything else (scripts, styles, event handlers, iframes) is removed before the post is stored.
 */
const policy: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'a',
    'blockquote',
    'cite',
    'figure',
    'figcaption',
    'img',
    'br',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  transformTags: {
    // External links open in a new tab, without handing the new page a reference back to ours.
    a: (tagName, { href, title }) => {
      const attribs: Record<string, string> = { href: href ?? '' };
      if (title) attribs.title = title;
      if (/^https:/i.test(href ?? '')) Object.assign(attribs, { target: '_blank', rel: 'noopener noreferrer' });
      return { tagName, attribs };
    },
  },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
};

/** Cleans rich text on its way into the database (blog posts). */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, policy);
}

/**
 * A blog post's Markdown as the shop shows it: rendered by `marked` (GitHub flavour, as the static pages),
 * then through the same sanitiser. The back office's preview and the stored `desc` are both this.
 */
export function renderPostMarkdown(markdown: string): string {
  return sanitizeRichText(postMarkdown.parse(markdown, { async: false }));
}
