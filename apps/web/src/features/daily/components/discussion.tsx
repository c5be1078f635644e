/**
 * A section's discussion (spec §2 "discussion forum", §5 "Comment" and "Vote", §8; issue #4): comments
 * newest first, each rendered strictly as text (React escapes it; never dangerouslySetInnerHTML), with
 * up and down votes; a box with a length/500 counter that warns above 450 characters, posted with
 * the button or Ctrl+Enter. Live through the section's comment room (use-discussion). Before the
 * player has submitted the set it shows only that it opens then (issue #47: comments can give the
 * answers away; the server refuses the reads and the room until then).
 */
import { DAILY_ERRORS, type DailyComment, type DailySectionKey } from '@mathsprint/shared/protocol';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { dailyKeys, getDailySection } from '../api/daily-api';
import { useDiscussion } from '../hooks/use-discussion';
import { commentBlockedReason, commentCounter, isPostShortcut } from '../lib/comment-draft';
import { tallyVotes } from '../lib/votes';
import { IconArrowDown, IconArrowUp, IconChat, IconLock } from './daily-icons';
import './discussion.css';

export interface DiscussionProps {
  date: string;
  sectionKey: DailySectionKey;
  sectionTitle: string;
  viewerId: string | null;
  signedIn: boolean;
}

function timeAgo(iso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (!Number.isFinite(seconds) || seconds < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return new Date(iso).toLocaleDateString();
}

function CommentItem({ comment, viewerId, onVote }: { comment: DailyComment; viewerId: string | null; onVote: (type: 'up' | 'down') => void }) {
  const t = tallyVotes(comment.votes, viewerId);
  const mine = comment.user._id === viewerId;
  return (
    <li className={cx('daily-comment', mine && 'is-mine')} data-comment-id={comment._id}>
      <div className="daily-comment-head">
        <span className="daily-comment-author">
          {comment.user.name}
          {mine ? <span className="daily-you"> (You)</span> : null}
        </span>
        <time className="daily-comment-time" dateTime={comment.createdAt} title={new Date(comment.createdAt).toLocaleString()}>
          {timeAgo(comment.createdAt, Date.now())}
        </time>
      </div>
      {/* Plain text only (issue #4): JSX text is escaped, so markup shows as the characters typed. */}
      <p className="daily-comment-text">{comment.text}</p>
      <div className="daily-votes" role="group" aria-label={`Votes: ${t.up} up, ${t.down} down`}>
        <button
          type="button"
          className={cx('daily-vote', 'daily-vote--up', t.mine === 'up' && 'is-active')}
          aria-pressed={t.mine === 'up'}
          aria-label={`Upvote, ${t.up}`}
          onClick={() => onVote('up')}
        >
          <IconArrowUp size={14} /> <span className="daily-vote-count">{t.up}</span>
        </button>
        <button
          type="button"
          className={cx('daily-vote', 'daily-vote--down', t.mine === 'down' && 'is-active')}
          aria-pressed={t.mine === 'down'}
          aria-label={`Downvote, ${t.down}`}
          onClick={() => onVote('down')}
        >
          <IconArrowDown size={14} /> <span className="daily-vote-count">{t.down}</span>
        </button>
        <span className={cx('daily-vote-score', t.score > 0 && 'is-positive', t.score < 0 && 'is-negative')} aria-hidden="true">
          {t.score > 0 ? `+${t.score}` : t.score}
        </span>
      </div>
    </li>
  );
}

export function Discussion({ date, sectionKey, sectionTitle, viewerId, signedIn }: DiscussionProps) {
  // The panel's own section query (the same key and call as its solver's, so one request): submitted yet?
  const section = useQuery({ queryKey: dailyKeys.section(date, sectionKey), queryFn: () => getDailySection(date, sectionKey), retry: false });
  const readable = section.data?.submitted === true;
  const discussion = useDiscussion(date, sectionKey, viewerId, readable);
  const [text, setText] = useState('');
  const counter = commentCounter(text);
  const id = useId();
  const counterId = `${id}-counter`;
  const textRef = useRef<HTMLTextAreaElement>(null);

  async function post() {
    const blocked = commentBlockedReason(text, signedIn);
    if (blocked) {
      toast.error(blocked);
      return;
    }
    if (await discussion.post(text)) setText('');
    // 'Post comment' is disabled while it posts, which drops a keyboard user's focus to <body>:
    // bring it back to the comment box, ready for the next one.
    if (document.activeElement === null || document.activeElement === document.body) textRef.current?.focus();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void post();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (isPostShortcut(event)) {
      event.preventDefault();
      void post();
    }
  }

  if (!readable) {
    return (
      <section className="daily-discussion" aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`} className="daily-subtitle">
          <IconChat size={18} /> Discussion
        </h3>
        <div className="daily-discussion-locked" role="status">
          <span className="daily-discussion-locked-icon" aria-hidden="true">
            <IconLock size={18} />
          </span>
          <div>
            <p className="daily-discussion-locked-title">{DAILY_ERRORS.submitToDiscuss}.</p>
            <p>Comments can give the answers away, so the discussion of {sectionTitle} opens once your answers are in.</p>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className="daily-discussion" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="daily-subtitle">
        <IconChat size={18} /> Discussion
        <span className="badge tabular">{discussion.comments.length}</span>
      </h3>
      <form className="daily-comment-form" onSubmit={onSubmit}>
        <label htmlFor={`${id}-text`} className="field-label">
          Comment on {sectionTitle}
        </label>
        <textarea
          ref={textRef}
          id={`${id}-text`}
          className={cx('input', 'daily-comment-input', counter.over && 'is-over')}
          rows={3}
          value={text}
          placeholder="Share a method, ask for a hint…"
          aria-describedby={counterId}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="daily-comment-form-foot">
          <span id={counterId} className={cx('daily-counter', counter.warn && 'is-warn', counter.over && 'is-over')} aria-live="polite">
            <span className="visually-hidden">Characters: </span>
            {counter.text}
            {counter.over ? <span> · too long to post</span> : counter.warn ? <span> · nearly at the limit</span> : null}
          </span>
          {/* The shortcut is told beside the button, where phones (no Ctrl key) hide it. */}
          <span className="text-xs text-muted daily-shortcut" aria-hidden="true">
            Ctrl+Enter
          </span>
          <Button type="submit" size="sm" loading={discussion.posting}>
            Post comment
          </Button>
        </div>
      </form>
      {discussion.loading ? (
        <div role="status" aria-busy="true" aria-label="Loading comments">
          <span className="skeleton daily-skeleton-row" />
          <span className="skeleton daily-skeleton-row" />
        </div>
      ) : discussion.comments.length === 0 ? (
        <p className="daily-empty">No comments yet. Start the discussion!</p>
      ) : (
        <ol className="list-reset daily-comments" aria-label={`Comments on ${sectionTitle}`} aria-live="polite" aria-relevant="additions">
          {discussion.comments.map((c) => (
            <CommentItem key={c._id} comment={c} viewerId={viewerId} onVote={(type) => discussion.vote(c._id, type)} />
          ))}
        </ol>
      )}
    </section>
  );
}
