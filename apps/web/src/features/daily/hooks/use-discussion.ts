/**
 * A section's live discussion (spec §2, §5 "Comment" and "Vote", §7, §8; issue #4 "Discussion"):
 * - GET /api/daily/comments (50, newest first);
 * - joins the room with joinCommentRoom {date, sectionKey} while mounted, again after every
 *   reconnect (and reloads the list then, for what was missed), and leaves with leaveCommentRoom;
 * - newComment and commentVoted from the room are merged into the list by _id;
 * - posting and voting go over HTTP; the server broadcasts only after it has stored the change, so
 *   the poster's own answer and the room's event are the same comment and merge into one.
 * Votes show at once (the spec's toggle/switch, `applyVote`) and are replaced by the server's copy.
 * None of it runs before the player has submitted the set (`readable` false, issue #47): the
 * server refuses a discussion's reads and room until then, since its comments can give answers away.
 */
import { errorAckSchema, type DailyComment, type DailySectionKey, type VoteType } from '@mathsprint/shared/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { getSocket } from '../../../lib/socket';
import { parseAck } from '../../../lib/socket-ack';
import { getToken } from '../../../lib/storage';
import { dailyKeys, getDailyComments, postDailyComment, voteOnComment } from '../api/daily-api';
import { belongsTo, upsertComment } from '../lib/comments';
import { failureText } from '../lib/failure';
import { DAILY_MESSAGES } from '../lib/messages';
import { applyVote } from '../lib/votes';

export interface Discussion {
  comments: DailyComment[];
  loading: boolean;
  /** Resolves true when the comment was stored. */
  post: (text: string) => Promise<boolean>;
  posting: boolean;
  vote: (commentId: string, voteType: VoteType) => void;
}

export function useDiscussion(date: string, sectionKey: DailySectionKey, viewerId: string | null, readable: boolean): Discussion {
  const queryClient = useQueryClient();
  const key = dailyKeys.comments(date, sectionKey);

  const query = useQuery({ queryKey: key, queryFn: () => getDailyComments(date, sectionKey), enabled: readable });
  useEffect(() => {
    if (query.error) console.error('Daily practice: comments failed to load', query.error);
  }, [query.error]);

  useEffect(() => {
    if (!getToken() || !readable) return;
    const socket = getSocket();
    const room = { date, sectionKey };
    const commentsKey = dailyKeys.comments(date, sectionKey);
    const join = () => {
      socket.emit('joinCommentRoom', room, (raw) => {
        const ack = parseAck(errorAckSchema, raw, 'joinCommentRoom');
        if ('error' in ack) console.error(`Daily practice: could not join the discussion room (${ack.code}):`, ack.error);
      });
    };
    const onReconnect = () => {
      join();
      void queryClient.invalidateQueries({ queryKey: commentsKey });
    };
    const merge = (comment: DailyComment) => {
      if (!belongsTo(comment, date, sectionKey)) return;
      queryClient.setQueryData<{ comments: DailyComment[] }>(commentsKey, (old) => ({ comments: upsertComment(old?.comments ?? [], comment) }));
    };
    if (socket.connected) join();
    socket.on('connect', onReconnect);
    socket.on('newComment', merge);
    socket.on('commentVoted', merge);
    return () => {
      socket.off('connect', onReconnect);
      socket.off('newComment', merge);
      socket.off('commentVoted', merge);
      if (socket.connected) socket.emit('leaveCommentRoom', room);
    };
  }, [date, sectionKey, queryClient, readable]);

  const setComment = (comment: DailyComment) =>
    queryClient.setQueryData<{ comments: DailyComment[] }>(key, (old) => ({ comments: upsertComment(old?.comments ?? [], comment) }));

  const posting = useMutation({
    mutationFn: (text: string) => postDailyComment(date, sectionKey, text),
    onSuccess: (response) => setComment(response.comment),
    onError: (error) => {
      toast.error(failureText(DAILY_MESSAGES.commentFailed, error));
    },
  });

  const voting = useMutation({
    mutationFn: ({ commentId, voteType }: { commentId: string; voteType: VoteType }) => voteOnComment(commentId, voteType),
    onMutate: ({ commentId, voteType }) => {
      const before = queryClient.getQueryData<{ comments: DailyComment[] }>(key);
      const target = before?.comments.find((c) => c._id === commentId);
      if (target && viewerId) setComment({ ...target, votes: applyVote(target.votes, viewerId, voteType) });
      return { target };
    },
    onSuccess: (response) => setComment(response.comment),
    onError: (error, _vars, context) => {
      if (context?.target) setComment(context.target);
      toast.error(failureText(DAILY_MESSAGES.voteFailed, error));
    },
  });

  function vote(commentId: string, voteType: VoteType) {
    if (!viewerId || !getToken()) {
      toast.error(DAILY_MESSAGES.loginToVote);
      return;
    }
    voting.mutate({ commentId, voteType });
  }

  return {
    comments: query.data?.comments ?? [],
    loading: query.isPending,
    post: async (text) => {
      try {
        await posting.mutateAsync(text);
        return true;
      } catch {
        return false;
      }
    },
    posting: posting.isPending,
    vote,
  };
}
