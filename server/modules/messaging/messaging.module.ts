import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { TYPES } from '../../platform/tokens.js';
import type { AppConfig } from '../../platform/config.js';
import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock.js';
import { GatewayRegistry } from '../../gateways/gateway-registry.js';
import { GatewayHosts, INBOUND_SINK, type InboundSink } from '../../gateways/gateway-host.js';
import { AgentHealthService, republishSeconds } from '../numbers/index.js';
import { messagingMessages } from './messaging.messages.js';
import { SendsRepository } from './sends.repository.js';
import { ReceiversRepository } from './receivers.repository.js';
import { DeliveryReportsRepository } from './delivery/delivery-reports.repository.js';
import { ComposeService } from './compose/compose.service.js';
import { UploadsService } from './compose/uploads.service.js';
import { SingleSendService } from './compose/single-send.service.js';
import { RECIPIENT_SOURCE_PROVIDERS, RECIPIENT_SOURCES } from './compose/recipient-sources.js';
import { SettlementService } from './delivery/settlement.service.js';
import { OutboxService } from './outbox/outbox.service.js';
import { DueSendsScheduler } from './dispatch/due-sends.worker.js';
import { RangeWorker } from './dispatch/range.worker.js';
import { SingleSendLane } from './dispatch/single-lane.worker.js';
import { AgentConnections } from './dispatch/agent-connections.worker.js';
import { DispatchQueues } from './dispatch/dispatch-queues.service.js';
import { DispatchStanding } from './dispatch/dispatch-standing.service.js';
import { DispatchLeasesRepository } from './dispatch/dispatch-leases.repository.js';
import { SEND_SETTLEMENT } from './send-settlement.js';
import { DispatchSignal } from './dispatch-signal.js';
import { AgentPaceService } from './dispatch/agent-pace.service.js';
import { PeriodicRepository } from './periodic/periodic.repository.js';
import { PeriodicService } from './periodic/periodic.service.js';
import { SendEditService } from './compose/send-edit.service.js';
import { SendStopService } from './send-stop.service.js';
import { SendSelectionsRepository } from './send-selections.repository.js';
import { SelectionLoader } from './dispatch/selection-loader.service.js';
import { SendAccessService } from './send-access.service.js';
import { SendProgressPublisher } from './send-progress.service.js';
import { OutboxArchiver } from './outbox/archive.worker.js';
import { DeliveryStatusRequests } from './outbox/status-request.worker.js';
import { FirstRunService } from './first-run/first-run.service.js';
import { ResendRepository } from './resend/resend.repository.js';
import { ResendService } from './resend/resend.service.js';
import { ResendRecipientSource } from './resend/resend-recipient-source.js';
import { resendMessages } from './resend/resend.messages.js';
import { automaticResendsController, resendOutboxController } from './resend/resend.routes.js';
import { OutboxSearchRepository } from './outbox/outbox-search.repository.js';
import { OutboxSearchService } from './outbox/outbox-search.service.js';
import { outboxSearchController } from './outbox/outbox-search.routes.js';
import { ExcelRequestsRepository } from './outbox/excel-requests.repository.js';
import { ExcelRequestsService } from './outbox/excel-requests.service.js';
import { OutboxExportService } from './outbox/outbox-export.service.js';
import { OutboxExporter } from './outbox/outbox-export.worker.js';
import { P2PFilesService } from './p2p/p2p-files.service.js';
import { P2PSendService } from './p2p/p2p-send.service.js';
import { P2PRecipientSource } from './p2p/p2p-recipient-source.js';
import { p2pMessages } from './p2p/p2p.messages.js';
import { p2pController } from './p2p/p2p.routes.js';
import { PatternsRepository } from './patterns/patterns.repository.js';
import { PatternsService } from './patterns/patterns.service.js';
import { patternMessages } from './patterns/patterns.messages.js';
import { fastPatternController, patternsController } from './patterns/patterns.routes.js';
import { DynamicTemplatesRepository } from './templates/dynamic-templates.repository.js';
import { DynamicTemplatesService } from './templates/dynamic-templates.service.js';
import { dynamicTemplateMessages } from './templates/dynamic-templates.messages.js';
import { dynamicTemplatesController } from './templates/dynamic-templates.routes.js';
import { firstRunController, outboxController, scheduledMessagesController, sendQueueController } from './messaging.routes.js';

export const messagingModule: PeykModule = {
  name: 'messaging',
  messages: { ...messagingMessages, ...resendMessages, ...p2pMessages, ...patternMessages, ...dynamicTemplateMessages },
  register(container: Container) {
    for (const cls of [SendsRepository, ReceiversRepository, DeliveryReportsRepository, DispatchLeasesRepository, ComposeService, SingleSendService, UploadsService, SettlementService, OutboxService, DueSendsScheduler, RangeWorker, SingleSendLane, AgentConnections, DispatchQueues, DispatchStanding, DispatchSignal, AgentPaceService, PeriodicRepository, PeriodicService, SendEditService, SendStopService, SendAccessService, SendProgressPublisher, OutboxArchiver, DeliveryStatusRequests, FirstRunService, ResendRepository, ResendService, OutboxSearchRepository, OutboxSearchService, ExcelRequestsRepository, ExcelRequestsService, OutboxExportService, OutboxExporter, P2PFilesService, P2PSendService, PatternsRepository, PatternsService, DynamicTemplatesRepository, DynamicTemplatesService, SendSelectionsRepository, SelectionLoader] as (new (...args: never[]) => unknown)[]) {
      container.bind(cls).toSelf().inSingletonScope();
    }
    // Dispatch (and a cancel) reach settlement through this contract, not by importing delivery/.
    container.bind(SEND_SETTLEMENT).toService(SettlementService);
    // The host bridge: gateways know settlement and the inbox only through these sinks.
    container.bind(GatewayHosts).toDynamicValue((ctx) => {
      const logger = ctx.get<Logger>(TYPES.Logger);
      const settlement = ctx.get(SettlementService);
      const inbox = ctx.get<InboundSink>(INBOUND_SINK);
      const liveHealth = ctx.get(AgentHealthService);
      const clock = ctx.get<Clock>(TYPES.Clock);
      return new GatewayHosts(ctx.get(GatewayRegistry), {
        deliveryReports: (agentId, reports) => settlement.receive(agentId, reports),
        inbound: (agentId, messages) => inbox.receive(agentId, messages),
        statusChanged: (agentId, health) => {
          logger.info({ agentId, health }, 'sender agent status');
          liveHealth.publish(agentId, health, clock.now());
        },
      }, logger, clock);
    }).inSingletonScope();
    // Multi-injected into ComposeService in this order (see recipient-sources.ts).
    for (const provider of RECIPIENT_SOURCE_PROVIDERS) container.bind(RECIPIENT_SOURCES).to(provider).inSingletonScope();
    // Bound here, not listed in RECIPIENT_SOURCE_PROVIDERS: its file imports the contract, so the list importing it would be a cycle.
    container.bind(RECIPIENT_SOURCES).to(ResendRecipientSource).inSingletonScope();
    container.bind(RECIPIENT_SOURCES).to(P2PRecipientSource).inSingletonScope();
  },
  controllers: (container) => [
    scheduledMessagesController(container.get(ComposeService), container.get(SingleSendService), container.get(UploadsService), container.get(PeriodicService), container.get(SendEditService)),
    outboxController(container.get(OutboxService), container.get(DeliveryStatusRequests)),
    outboxSearchController(container.get(OutboxSearchService), container.get(OutboxExportService)),
    sendQueueController(container.get(OutboxService)),
    firstRunController(container.get(FirstRunService)),
    resendOutboxController(container.get(ResendService)),
    automaticResendsController(container.get(ResendService)),
    p2pController(container.get(P2PSendService)),
    patternsController(container.get(PatternsService)),
    dynamicTemplatesController(container.get(DynamicTemplatesService)),
    fastPatternController(container.get(PatternsService)),
  ],
  async onStart(container) {
    const config = container.get<AppConfig>(TYPES.Config);
    // The web-only role takes requests and leaves dispatching to worker processes.
    if (config.role !== 'web' && config.dispatch.enabled) await startDispatching(container, config.dispatch.concurrency);
    // Exports are slow reads: worker processes write them, whatever dispatch does.
    if (config.role !== 'web') container.get(OutboxExporter).start();
  },
  jobs(container) {
    const config = container.get<AppConfig>(TYPES.Config);
    // Exports are written by every worker process, dispatching or not.
    const exporter = container.get(OutboxExporter);
    const sweepExports = { name: 'messaging.sweep-exports', schedule: '0 30 3 * * *', scope: 'global' as const, run: async (now: Date) => { await exporter.sweep(now); } };
    // Dispatch off: another process dispatches, and the sweeps that repair dispatch go with it.
    if (!config.dispatch.enabled) return [sweepExports];
    const dueSends = container.get(DueSendsScheduler);
    const settlement = container.get(SettlementService);
    const agents = container.get(AgentConnections);
    const periodic = container.get(PeriodicService);
    const edits = container.get(SendEditService);
    const archiver = container.get(OutboxArchiver);
    const liveHealth = container.get(AgentHealthService);
    const resend = container.get(ResendService);
    // Global: one process per occurrence is enough; each sweep is still safe run twice (row claims).
    return [
      sweepExports,
      { name: 'messaging.retry-failed-extract', schedule: '*/5 * * * * *', scope: 'global', run: (now) => dueSends.retryFailedExtract(now) },
      { name: 'messaging.apply-parked-reports', schedule: '*/5 * * * * *', scope: 'global', run: (now) => settlement.applyParkedSweep(now) },
      { name: 'messaging.resume-stale', schedule: '*/30 * * * * *', scope: 'global', run: (now) => dueSends.resumeStale(now) },
      { name: 'messaging.abandon-stale-edits', schedule: '0 * * * * *', scope: 'global', run: (now) => edits.abandonStale(now) },
      { name: 'messaging.resume-stuck-archives', schedule: '0 * * * * *', scope: 'global', run: () => archiver.resumeStuck() },
      { name: 'messaging.auto-resend', schedule: '*/5 * * * * *', scope: 'global', run: async (now) => { await resend.runDue(now); } },
      // Local, every second, as the dispatch loop's pass ran them before: an occurrence's send wakes
      // that loop (DispatchSignal), and concurrent runs are safe (the occurrence's unique index).
      { name: 'messaging.periodic-occurrences', schedule: '* * * * * *', scope: 'local', run: (now, signal) => periodic.runDue(now, signal) },
      { name: 'messaging.close-overdue-reports', schedule: '0 * * * * *', scope: 'global', run: (now) => settlement.closeOverdueSweep(now) },
      // Local: each process connects the agents saved elsewhere (or whose connect failed) itself.
      { name: 'messaging.connect-agents', schedule: '*/15 * * * * *', scope: 'local', run: () => agents.connectAgentsSweep() },
      // Local: each process polls the gateways it holds connections to.
      { name: 'messaging.poll-gateways', schedule: '* * * * * *', scope: 'local', run: async () => agents.pollGateways() },
      // Local: each process keeps the shared health records of the agents it holds from running out.
      { name: 'messaging.republish-agent-health', schedule: `*/${republishSeconds(config.agentHealthTtlMs)} * * * * *`, scope: 'local', run: () => liveHealth.republishHeld() },
    ];
  },
  async onStop(container) {
    await stopDispatching(container);
    await container.get(OutboxExporter).stop();
    await container.get(SettlementService).drain();
    container.get(SettlementService).stop();
    await container.get(GatewayRegistry).closeAll({ drain: false });
    // After the close: the plugins' last "down" is written first, then the records this process owned go.
    await container.get(AgentHealthService).forgetHeld();
  },
};

/**
 * Starts the dispatch pieces in the order the one dispatcher started them: interrupted sends
 * enqueued again before any worker takes a job, then the range workers, the archiver, the agent
 * connections (not awaited) and last the due-send loop.
 */
async function startDispatching(container: Container, concurrency: number): Promise<void> {
  const dueSends = container.get(DueSendsScheduler);
  await dueSends.resumeInterrupted();
  container.get(RangeWorker).start(concurrency);
  container.get(OutboxArchiver).start();
  container.get(DeliveryStatusRequests).start();
  container.get(AgentConnections).start();
  dueSends.start();
}

/**
 * Stops them in the order the one dispatcher did, each step waiting for the work under way: no
 * reconnect or poll starts, the loop's pass ends, connects and polls end, the queues close, then
 * the archiver. Safe in a process that never started them (a web-only role).
 */
async function stopDispatching(container: Container): Promise<void> {
  const agents = container.get(AgentConnections);
  agents.halt();
  await container.get(DueSendsScheduler).stop();
  await agents.settle();
  await container.get(RangeWorker).stop();
  await container.get(OutboxArchiver).stop();
  await container.get(DeliveryStatusRequests).stop();
}
