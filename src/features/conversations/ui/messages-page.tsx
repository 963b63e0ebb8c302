import { useParams } from 'react-router-dom';
import { readSession } from '@/lib/session-cookies';
import { ConversationList } from './conversation-list';
import { ConversationThread } from './conversation-thread';
import './conversations.css';

/**
 * /main/messages and /main/messages/{id} (issue 42): the conversations, or one of them. One page module for both, so
 * that the shell carries one title and one loader for them.
 */
export function MessagesPage() {
  const { id } = useParams();
  const selfId = readSession()?.userId;
  if (id && selfId) return <ConversationThread key={id} id={id} selfId={selfId} />;
  return <ConversationList />;
}
