package tabla.server;

import java.util.Set;
import tabla.server.chat.ChatService;
import tabla.server.games.GameService;
import tabla.server.presence.Presence;
import tabla.server.site.NodeSummary;
import tabla.server.site.OtherNodes;
import tabla.server.site.SiteNotice;
import tabla.server.watch.Audience;

/**
 * What this node hears from the other nodes of a cluster, handed to the concern it is for (presence, chat, the
 * games, the audience), and what it tells them it has open. Wiring only: each concern knows nothing of the others.
 */
final class AcrossNodes implements OtherNodes.Here {
  private final Presence presence;
  private final ChatService chat;
  private final GameService hub;
  private final Audience audience;

  AcrossNodes(Presence presence, ChatService chat, GameService hub, Audience audience) {
    this.presence = presence;
    this.chat = chat;
    this.hub = hub;
    this.audience = audience;
  }

  @Override
  public void heard(SiteNotice n) {
    if (n instanceof SiteNotice.ToUser u) presence.tellHere(u.user(), u.message());
    else if (n instanceof SiteNotice.ToTournamentPages t) presence.tellWatchingHere(t.tournament(), t.message());
    else if (n instanceof SiteNotice.BoardOpened o) hub.arrivedElsewhere(o.game(), o.seat());
    else chat.heard(n);
  }

  @Override
  public NodeSummary summary() {
    return new NodeSummary(presence.pagesHere(), presence.seatedHere(), audience.here());
  }

  @Override
  public void spectatorsChanged(Set<Long> games) {
    audience.changedElsewhere(games);
  }

  @Override
  public void missedSome() {
    presence.everyone().forEach(Audience.Member::reconnect);
    audience.listening().forEach(Audience.Member::reconnect);
  }
}
