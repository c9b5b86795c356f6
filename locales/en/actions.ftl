# actions.ts
## (HTML)
actions-name = { $kind ->
    [take] take
    [deliver] delivery
    [cancel] cancellation
   *[message] message
}
actions-failure-reason = { $code ->
    [ORDER_INVALID_STATUS] { $kind ->
        [take] already taken or cancelled
        [deliver] not in progress any more (already delivered or cancelled)
        [cancel] can no longer be cancelled (already delivered, completed or cancelled)
       *[other] the order does not accept this any more
    }
    [ORDER_NOT_FOUND] the order was not found in the store
    [VALIDATION_ERROR] { $kind ->
        [message] the store refused the text
       *[other] the store refused the request
    }
    [API_KEY_INVALID] the store refused the API key (create a new key in the store settings)
    [RATE_LIMIT] the store's request limit is reached
    [TRANSPORT] the store is not answering
   *[other] the store answered with an error the bot does not know
}
actions-queued-reason = { $code ->
    [RATE_LIMIT] queued: the store's request limit is reached; will retry
    [API_KEY_INVALID] queued: the store refused the API key; will retry once a valid key is set
   *[other] queued: the store is not answering; will retry
}
actions-action-failed = ⚠️ Order { $orderId }: { actions-name } failed: { actions-failure-reason }.
actions-action-queued = ⏳ Order { $orderId }: { actions-name } { actions-queued-reason }.
actions-reply-sent = ✓ Sent to the buyer of order { $orderId }.
actions-reply-failed = ⚠️ Not sent to the buyer of order { $orderId }: { actions-failure-reason }.
actions-reply-queued = ⏳ Message to the buyer of order { $orderId } { actions-queued-reason }.
