// The Swift SDK's conformance client (conformance/README.md): the same app as
// examples/python-raw/app.py, written with MessagesSDK as an iMessage app would be.
//
//   python3 conformance/kit.py --client swift-sdk     # runs .build/debug/ConformanceClient
//
// Everything the kit checks about the protocol (hello, acknowledgements in order, unknown
// callbacks, contentSizeThatFits, terminate, dropping forged or replayed messages) is the
// SDK's work; this file only adds what the README asks of the app: direct sends on a touch,
// each reported as one JSON line on stdout.
import MessagesSDK

MSExtensionMain.run { ConformanceViewController() }
